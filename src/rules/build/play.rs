//! The rules of play, in three groups of steps the build takes in turn: how a game ends and
//! what is legal besides the pieces' patterns (outcome, `[moves]`, `[draws]`, gates); the
//! captures after a move and the victories by numbers; the legality filters and the facing
//! royals.

use std::sync::Arc;

use super::Builder;
use crate::board::{DirId, TagSet};
use crate::rules::effects::MoveEffect;
use crate::rules::ends::Declared;
use crate::rules::filters::{FilterInputs, Filters};
use crate::rules::{
    CapturedWin, DrawRules, Gate, JudgedCapture, MoveRules, NodeSet, OutcomePolicy, PieceKind,
    Player, ProgressionWin,
};
use crate::spec::variant::VariantSpec;

/// How a game ends, and what is legal besides the pieces' own patterns.
pub(super) struct PlayRules {
    pub(super) outcome: OutcomePolicy,
    pub(super) moves: MoveRules,
    pub(super) draws: DrawRules,
    pub(super) gates: Vec<Gate>,
    pub(super) gate_tags: TagSet,
}

/// The captures after a move and the victories by numbers (Rithmomachia's).
pub(super) struct NumberRules {
    pub(super) effects: Vec<Arc<dyn MoveEffect>>,
    pub(super) judged: Vec<JudgedCapture>,
    pub(super) captured_wins: Vec<CapturedWin>,
    pub(super) progressions: Vec<ProgressionWin>,
    /// Whether the position keeps numbers, stacks and captured material.
    pub(super) numbers: bool,
}

impl Builder<'_> {
    /// The outcome, `[moves]`, `[draws]` and the gates.
    pub(super) fn play_rules(
        &mut self,
        spec: &VariantSpec,
        players: usize,
        kinds: &[PieceKind],
        declared: Vec<Declared>,
    ) -> PlayRules {
        let outcome = self.outcome(spec, players, kinds, declared);
        let moves = self.move_rules(spec, kinds);
        let draws = self.draw_rules(spec, kinds);
        let (gates, gate_tags) = self.gates(spec);
        PlayRules {
            outcome,
            moves,
            draws,
            gates,
            gate_tags,
        }
    }

    /// The captures after a move (`[[capture]]`) and the victories of `[outcome]` that read
    /// numbers (`progression_zones`: the zones of `[[outcome.progression]]`, interned).
    pub(super) fn number_rules(
        &mut self,
        spec: &VariantSpec,
        kinds: &[PieceKind],
        players: &[Player],
        progression_zones: &[usize],
        zones: &[Vec<NodeSet>],
    ) -> NumberRules {
        let (effects, judged) = self.relation_captures(spec, kinds);
        let captured_wins = self.captured_wins(spec, players);
        let progressions = self.progressions(spec, progression_zones, zones);
        let numbers = !judged.is_empty()
            || !captured_wins.is_empty()
            || !progressions.is_empty()
            || kinds.iter().any(|k| k.numbered || k.stack);
        NumberRules {
            effects,
            judged,
            captured_wins,
            progressions,
            numbers,
        }
    }

    /// The legality filters, and `[facing_royals]` as xiangqi's move restriction (the royals
    /// may never face): none with `must_break`, whose lines are the bikjang filter's
    /// (`rules::filters::facing_break`).
    pub(super) fn legality(
        &mut self,
        spec: &VariantSpec,
        kinds: &[PieceKind],
        effects: &[std::sync::Arc<dyn crate::rules::effects::MoveEffect>],
    ) -> (Filters, Vec<DirId>) {
        let facing = self.facing(spec, kinds);
        let filters = Filters::build(&FilterInputs {
            spec,
            kinds,
            facing: &facing,
            effects,
        });
        let must_break = spec.facing.as_ref().is_some_and(|f| f.must_break);
        (filters, if must_break { Vec::new() } else { facing })
    }
}
