//! The relation language of `[[capture]]`: equations between the numbers of pieces.
//!
//! A relation is `EXPR = EXPR`; an expression is built from whole numbers, the variables a rule
//! offers (`a`, `b`: the attackers' numbers; `v`: the victim's; `k`: the distance along a line),
//! `+ - * /`, parentheses and `|x|` (absolute value). `*` and `/` bind tighter than `+` and `-`;
//! `/` is exact division: a relation whose division leaves a remainder (or divides by zero) does
//! not hold. Arithmetic is in `i128` and checked: an overflow makes the relation false.
//!
//! ```
//! use chessgraph::testing::{Relation, Vars};
//! let r = Relation::parse("|a - b| = v", "abv").unwrap();
//! assert!(r.holds(&Vars { a: 25, b: 16, v: 9, k: 0 }));
//! assert!(!r.holds(&Vars { a: 25, b: 16, v: 8, k: 0 }));
//! ```

use crate::limits::MAX_RELATION_OPS;

/// The values a relation is evaluated with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Vars {
    /// The first attacker's number.
    pub a: u64,
    /// The second attacker's number.
    pub b: u64,
    /// The victim's number.
    pub v: u64,
    /// The distance in squares along a line.
    pub k: u64,
}

/// One operation of an expression in postfix order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Num(i128),
    Var(u8),
    Add,
    Sub,
    Mul,
    Div,
    Abs,
}

/// A parsed relation: two expressions that must be equal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relation {
    /// The text as written.
    pub(crate) text: String,
    lhs: Vec<Op>,
    rhs: Vec<Op>,
}

/// A relation that could not be read: where (a character offset into the text) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelationError {
    /// Character offset of the problem in the relation's text.
    pub(crate) offset: usize,
    /// What was expected.
    pub(crate) message: String,
}

impl Relation {
    /// Reads a relation whose variables are among `allowed` (e.g. `"abv"`).
    pub fn parse(text: &str, allowed: &str) -> Result<Relation, RelationError> {
        let mut p = Parser {
            chars: text.chars().collect(),
            i: 0,
            allowed,
            ops: Vec::new(),
        };
        p.expr()?;
        let lhs = std::mem::take(&mut p.ops);
        p.skip_spaces();
        if p.peek() != Some('=') {
            return Err(p.error("expected `=` between the two sides of the relation"));
        }
        p.i += 1;
        p.expr()?;
        p.skip_spaces();
        if p.i < p.chars.len() {
            return Err(p.error("expected the end of the relation"));
        }
        if lhs.len() + p.ops.len() > MAX_RELATION_OPS {
            return Err(RelationError {
                offset: 0,
                message: format!("a relation has at most {MAX_RELATION_OPS} numbers and operators"),
            });
        }
        Ok(Relation {
            text: text.to_string(),
            lhs,
            rhs: p.ops,
        })
    }

    /// Whether the relation holds for these values.
    #[inline]
    pub fn holds(&self, vars: &Vars) -> bool {
        match (eval(&self.lhs, vars), eval(&self.rhs, vars)) {
            (Some(l), Some(r)) => l == r,
            _ => false,
        }
    }
}

/// The value of a postfix expression; `None` on overflow or inexact division.
fn eval(ops: &[Op], vars: &Vars) -> Option<i128> {
    let mut stack = [0i128; MAX_RELATION_OPS];
    let mut n = 0;
    for &op in ops {
        let x = match op {
            Op::Num(x) => x,
            Op::Var(c) => i128::from(match c {
                b'a' => vars.a,
                b'b' => vars.b,
                b'v' => vars.v,
                _ => vars.k,
            }),
            Op::Abs => {
                stack[n - 1] = stack[n - 1].checked_abs()?;
                continue;
            }
            _ => {
                let (l, r) = (stack[n - 2], stack[n - 1]);
                n -= 2;
                match op {
                    Op::Add => l.checked_add(r)?,
                    Op::Sub => l.checked_sub(r)?,
                    Op::Mul => l.checked_mul(r)?,
                    _ => {
                        if r == 0 || l % r != 0 {
                            return None;
                        }
                        l / r
                    }
                }
            }
        };
        stack[n] = x;
        n += 1;
    }
    Some(stack[0])
}

/// A recursive-descent reader that writes postfix operations.
struct Parser<'a> {
    chars: Vec<char>,
    i: usize,
    allowed: &'a str,
    ops: Vec<Op>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.i += 1;
        }
    }

    fn error(&self, message: &str) -> RelationError {
        RelationError {
            offset: self.i,
            message: message.to_string(),
        }
    }

    fn expr(&mut self) -> Result<(), RelationError> {
        self.term()?;
        loop {
            self.skip_spaces();
            let op = match self.peek() {
                Some('+') => Op::Add,
                Some('-') => Op::Sub,
                _ => return Ok(()),
            };
            self.i += 1;
            self.term()?;
            self.ops.push(op);
        }
    }

    fn term(&mut self) -> Result<(), RelationError> {
        self.factor()?;
        loop {
            self.skip_spaces();
            let op = match self.peek() {
                Some('*') => Op::Mul,
                Some('/') => Op::Div,
                _ => return Ok(()),
            };
            self.i += 1;
            self.factor()?;
            self.ops.push(op);
        }
    }

    fn factor(&mut self) -> Result<(), RelationError> {
        self.skip_spaces();
        if self.ops.len() >= MAX_RELATION_OPS {
            return Err(self.error("the relation is too long"));
        }
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                let start = self.i;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.i += 1;
                }
                let digits: String = self.chars[start..self.i].iter().collect();
                let x = digits.parse::<u32>().map_err(|_| RelationError {
                    offset: start,
                    message: "a number in a relation is at most 4294967295".into(),
                })?;
                self.ops.push(Op::Num(i128::from(x)));
                Ok(())
            }
            Some(c) if c.is_ascii_alphabetic() => {
                if !self.allowed.contains(c) {
                    let names: Vec<String> =
                        self.allowed.chars().map(|c| format!("`{c}`")).collect();
                    return Err(self.error(&format!(
                        "`{c}` is not a number this rule knows; expected one of {}",
                        names.join(", ")
                    )));
                }
                self.i += 1;
                self.ops.push(Op::Var(c as u8));
                Ok(())
            }
            Some(open @ ('(' | '|')) => {
                self.i += 1;
                self.expr()?;
                self.skip_spaces();
                let close = if open == '(' { ')' } else { '|' };
                if self.peek() != Some(close) {
                    return Err(self.error(&format!("expected `{close}`")));
                }
                self.i += 1;
                if open == '|' {
                    self.ops.push(Op::Abs);
                }
                Ok(())
            }
            _ => Err(self.error("expected a number, a variable, `(` or `|`")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(a: u64, b: u64, v: u64, k: u64) -> Vars {
        Vars { a, b, v, k }
    }

    #[test]
    fn arithmetic_and_exact_division() {
        let r = Relation::parse("a * (k + 1) = v", "akv").unwrap();
        assert!(r.holds(&vars(4, 0, 12, 2)));
        assert!(!r.holds(&vars(4, 0, 12, 1)));
        let q = Relation::parse("a / b = v", "abv").unwrap();
        assert!(q.holds(&vars(72, 8, 9, 0)));
        assert!(!q.holds(&vars(73, 8, 9, 0)));
        assert!(!q.holds(&vars(73, 0, 9, 0)));
    }

    #[test]
    fn errors_are_located() {
        let e = Relation::parse("a + x = v", "abv").unwrap_err();
        assert_eq!(e.offset, 4);
        assert!(e.message.contains("`x`"));
        let e = Relation::parse("a + b", "abv").unwrap_err();
        assert_eq!(e.offset, 5);
        let e = Relation::parse("(a = v", "av").unwrap_err();
        assert!(e.message.contains("`)`"));
    }
}
