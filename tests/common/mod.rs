//! Helpers shared by the test files that use them: the coordinate-arithmetic oracle for Circular and
//! Cylindrical Chess, and a small seeded random number generator.

pub mod ring_oracle;
pub mod splitmix;
