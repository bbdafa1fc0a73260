//! What the page needs from the server: its icon inside the page (so no request for
//! `favicon.ico` fails), every asset it names, and for a tour too large to draw step by step
//! the image of its visit order, checked against the path `knights-tour tour --json` walks.

use super::Server;
use crate::common::boardlab;
use serde_json::Value;

#[test]
fn the_page_carries_its_icon_and_every_asset_it_names_is_served() {
    let server = Server::start(&[]);
    let (status, body) = server.send("GET", "/", None);
    assert_eq!(status, 200);
    let html = String::from_utf8(body).unwrap();
    let icon = html
        .lines()
        .find(|line| line.contains("rel=\"icon\""))
        .expect("a <link rel=\"icon\"> in the page");
    assert!(icon.contains("href=\"data:image/svg+xml,"), "{icon}");
    let assets: Vec<&str> = html
        .split('"')
        .filter(|part| part.starts_with("/assets/"))
        .collect();
    assert!(assets.len() >= 7, "{assets:?}");
    for asset in assets {
        let (status, _) = server.send("GET", asset, None);
        assert_eq!(status, 200, "{asset}");
    }
}

/// The image by its definition, worked out the slow way: for every block, the steps at which
/// the path stands on one of its squares, their mean scaled to 0..=255 and rounded.
fn image_by_blocks(path: &[Value], width: u64, height: u64, block: u64) -> Vec<Value> {
    let mut steps = vec![Vec::new(); (width.div_ceil(block) * height.div_ceil(block)) as usize];
    for (step, square) in path.iter().enumerate() {
        let (x, y) = (
            square[0].as_u64().unwrap() - 1,
            square[1].as_u64().unwrap() - 1,
        );
        steps[((y / block) * width.div_ceil(block) + x / block) as usize].push(step as f64);
    }
    let last = (width * height - 1) as f64;
    steps
        .iter()
        .map(|found| {
            if found.is_empty() {
                Value::Null
            } else {
                let sum: f64 = found.iter().sum();
                Value::from((sum * 255.0 / (found.len() as f64 * last)).round() as u64)
            }
        })
        .collect()
}

#[test]
fn a_tour_too_large_to_draw_comes_as_the_image_of_its_walk() {
    let server = Server::start(&[]);
    // 300x150 is 45,000 squares, past the 40,000 drawn step by step: blocks of 2x2 squares.
    let tour = server.ok(
        "GET",
        "/api/knights-tour/tour?size=300x150&start=1,1&rule=seed",
        None,
    );
    assert_eq!(tour["drawn"], false);
    assert!(tour["path"].is_null());
    let output = boardlab()
        .args(["knights-tour", "tour", "--json", "--size", "300x150"])
        .args(["--start", "1,1", "--rule", "seed"])
        .output()
        .unwrap();
    let walked: Value = serde_json::from_slice(&output.stdout).unwrap();
    let path = walked["path"].as_array().unwrap();
    let image = &tour["density"];
    assert_eq!(
        (&image["block"], &image["width"], &image["height"]),
        (&Value::from(2), &Value::from(150), &Value::from(75))
    );
    assert_eq!(
        image["cells"].as_array().unwrap(),
        &image_by_blocks(path, 300, 150, 2)
    );
    assert_eq!(tour["end"], *path.last().unwrap());

    let small = server.ok("GET", "/api/knights-tour/tour?size=8", None);
    assert!(small["density"].is_null());
}
