//! What one request may ask of the server: bots no deeper than a move in a few seconds,
//! boards no larger than a page can take. Past these the API answers 400 naming the limit;
//! the command line has none of them.

/// The deepest `alphabeta:D` a draughts game may use.
pub const MAX_ALPHABETA_DEPTH: u32 = 8;

/// The most playouts an `mcts:N` bot may use, in either game.
pub const MAX_PLAYOUTS: u32 = 20_000;

/// The largest knight's-tour board the server walks, in squares (1000×1000).
pub const MAX_TOUR_SQUARES: u64 = 1_000_000;

/// The largest knight's-tour board whose path is sent to be drawn, in squares (200×200);
/// a larger board's tour is summarised.
pub const MAX_DRAWN_SQUARES: u64 = 40_000;

/// Iterations a ChessMemory board may take before the server gives up on it.
pub const MAX_BOARD_ITERATIONS: u64 = 5_000_000;

/// The largest seed or draw index a request may give (JavaScript numbers are exact to 2⁵³).
pub const MAX_SEED: u64 = (1 << 53) - 1;
