//! Placeholder: filled by the reliability work.

#[allow(unused_imports)]
use super::runner;
