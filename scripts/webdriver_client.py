"""A WebDriver client in a few lines of the standard library: the protocol is JSON over HTTP,
so no client library is installed. Used by browser_check.py and page_checks.py."""

import base64
import json
import socket
import shutil
import time
import urllib.error
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1400,1000", "--hide-scrollbars",
]


class Failure(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(method, url, body=None, timeout=60):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        raise Failure(f"{method} {url}: {error.code} {error.read()[:300]!r}") from None


class Browser:
    """One WebDriver session."""

    def __init__(self, driver_url, profile):
        self.driver = driver_url
        capabilities = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": shutil.which("chromium") or "/usr/bin/chromium",
                "args": CHROMIUM_FLAGS + [f"--user-data-dir={profile}"],
            },
            "goog:loggingPrefs": {"browser": "ALL"},
        }}}
        answer = http("POST", f"{driver_url}/session", capabilities)
        self.session = f"{driver_url}/session/{answer['value']['sessionId']}"

    def call(self, method, path, body=None):
        return http(method, self.session + path, body)["value"]

    def go(self, url):
        self.call("POST", "/url", {"url": url})

    def find_all(self, css):
        return [e[ELEMENT] for e in self.call("POST", "/elements", {"using": "css selector", "value": css})]

    def find(self, css, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = self.find_all(css)
            if found:
                return found[0]
            time.sleep(0.05)
        raise Failure(f"no element {css!r} after {timeout} s")

    def click(self, element):
        self.call("POST", f"/element/{element}/click", {})

    def try_click(self, element):
        """Clicks, or says False when the page redrew the element first (it is stale)."""
        try:
            self.click(element)
            return True
        except Failure as error:
            if "stale element" in str(error):
                return False
            raise

    def text(self, element):
        return self.call("GET", f"/element/{element}/text")

    def attribute(self, element, name):
        return self.call("GET", f"/element/{element}/attribute/{name}")

    def script(self, code, *args):
        return self.call("POST", "/execute/sync", {"script": code, "args": list(args)})

    def set_value(self, css, value):
        """Sets a form field as typing would, and tells the page it changed."""
        self.script(
            "const e = document.querySelector(arguments[0]); e.value = arguments[1];"
            "e.dispatchEvent(new Event('input')); e.dispatchEvent(new Event('change'));",
            css, value)

    def wait(self, code, timeout=60, what=None, *args):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.script(code, *args)
            if value:
                return value
            time.sleep(0.05)
        raise Failure(f"timed out waiting for {what or code}")

    def console(self):
        """The browser console's entries since the last call (a failed load shows here)."""
        return self.call("POST", "/se/log", {"type": "browser"})

    def screenshot(self, path):
        """A PNG of the page once its animations (a sliding piece) have ended."""
        self.wait("return document.getAnimations().length === 0", 5, "the animations to end")
        png = base64.b64decode(self.call("GET", "/screenshot"))
        with open(path, "wb") as f:
            f.write(png)

    def close(self):
        try:
            http("DELETE", self.session)
        except Exception:
            pass


def dataset(browser, css, key):
    return browser.script(f"const e = document.querySelector({json.dumps(css)}); return e ? e.dataset.{key} || '' : '';")
