//! Which cards may be played: the same clauses as the Python reference filter
//! (`explain_legal`), as bit operations.

use crate::cards::{suit, suit_mask, CardSet};
use crate::rules::{BeatOpponent, Rules, Undertrump};

/// The trick in progress as legality sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickView {
    /// The led suit.
    pub led: u8,
    /// The card holding the trick now.
    pub winning: u8,
    /// Whether the partner of the player to act holds it.
    pub partner_wins: bool,
}

/// The legal cards of `hand` (`trick` `None`: leading, any card); `trump` `None` at no-trump.
pub fn legal(rules: &Rules, hand: CardSet, trick: Option<TrickView>, trump: Option<u8>) -> CardSet {
    let Some(TrickView {
        led,
        winning,
        partner_wins,
    }) = trick
    else {
        return hand;
    };
    let d = &rules.data;
    // 1. Holding the led suit: follow it, beating the winning card where the duty applies.
    let follow = hand & suit_mask(led);
    if follow != 0 {
        if suit(winning) == led
            && beat_duty(rules, partner_wins, trump == Some(led), trump.is_none())
        {
            let higher = follow & rules.above[winning as usize];
            if higher != 0 {
                return higher;
            }
        }
        return follow;
    }
    // 2a. Void at no-trump, or without a trump: any card.
    let Some(trump) = trump else { return hand };
    let trumps = hand & suit_mask(trump);
    if trumps == 0 {
        return hand;
    }
    // 2b. A plain card wins: trump if the duty applies (opponent, or partner in French rules).
    if suit(winning) != trump {
        let duty = if partner_wins {
            d.trump_when_partner_wins
        } else {
            d.trump_when_opponent_wins
        };
        return if duty { trumps } else { hand };
    }
    // 2c. The trick is trumped: overtrump when required and possible.
    let higher = trumps & rules.above[winning as usize];
    let must_over = if partner_wins {
        d.overtrump_partner
    } else {
        d.overtrump_opponent
    };
    if higher != 0 && must_over {
        return higher;
    }
    // 2d. Lower trumps, per the undertrump setting (the partner's own, where set).
    let lower = trumps & !higher;
    if lower == 0 {
        return hand;
    }
    let mode = match d.undertrump_partner {
        Some(own) if partner_wins => own,
        _ => d.undertrump,
    };
    match mode {
        Undertrump::Forbidden => match hand & !lower {
            0 => hand,
            allowed => allowed,
        },
        Undertrump::ForbiddenIfCanOvertrump if higher != 0 => hand & !lower,
        Undertrump::Required if !partner_wins && higher == 0 => lower,
        _ => hand,
    }
}

/// Whether a player holding the led suit must beat the winning card of that suit.
pub fn beat_duty(rules: &Rules, partner_wins: bool, trump_lead: bool, no_trump: bool) -> bool {
    let d = &rules.data;
    if no_trump && !d.beat_at_no_trump {
        return false;
    }
    if partner_wins {
        return (d.beat_partner_on_trump_lead && trump_lead)
            || (no_trump && d.beat_partner_at_no_trump);
    }
    match d.beat_opponent {
        BeatOpponent::Always => true,
        BeatOpponent::Never => false,
        BeatOpponent::TrumpLead => trump_lead || no_trump,
        BeatOpponent::PlainLead => !trump_lead,
    }
}

/// The position in `cards` (play order) of the card holding the trick.
pub fn trick_winner(rules: &Rules, cards: &[u8], trump: Option<u8>) -> usize {
    let mut best = 0;
    for (i, &card) in cards.iter().enumerate().skip(1) {
        if rules.beats(card, cards[best], trump) {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RulesData;

    fn set(cards: &[u8]) -> CardSet {
        cards.iter().fold(0, |m, &c| m | 1 << c)
    }
    // Card indices: suit * 8 + rank, ranks 7 8 9 10 J Q K A = 0..7.
    const S: u8 = 0;
    const H: u8 = 8;
    const D: u8 = 16;
    const C: u8 = 24;

    #[test]
    fn must_beat_an_opponents_card_of_the_led_suit() {
        // The table convention: diamonds trump, an opponent leads J clubs; Q and 7 of clubs: only Q.
        let rules = Rules::new(RulesData::default()).unwrap();
        let hand = set(&[C + 5, C, H + 3]);
        let view = TrickView {
            led: 3,
            winning: C + 4,
            partner_wins: false,
        };
        assert_eq!(legal(&rules, hand, Some(view), Some(2)), set(&[C + 5]));
    }

    #[test]
    fn the_trumpers_partner_need_not_trump() {
        // A worked example: spades trump, Q hearts led, 8 spades wins; the trumper's partner is void.
        let rules = Rules::new(RulesData::default()).unwrap();
        let hand = set(&[D + 1, S + 2, C + 7]);
        let view = TrickView {
            led: 1,
            winning: S + 1,
            partner_wins: true,
        };
        assert_eq!(
            legal(&rules, hand, Some(view), Some(0)),
            set(&[D + 1, S + 2, C + 7])
        );
    }

    #[test]
    fn undertrump_partner_forbidden_while_opponents_required() {
        let data = RulesData {
            undertrump: Undertrump::Required,
            undertrump_partner: Some(Undertrump::Forbidden),
            ..RulesData::default()
        };
        let rules = Rules::new(data).unwrap();
        let hand = set(&[S, D + 1]); // 7 spades (a lower trump) and 8 diamonds
        let partner = TrickView {
            led: 1,
            winning: S + 3,
            partner_wins: true,
        };
        let opponent = TrickView {
            led: 1,
            winning: S + 3,
            partner_wins: false,
        };
        assert_eq!(legal(&rules, hand, Some(partner), Some(0)), set(&[D + 1]));
        assert_eq!(legal(&rules, hand, Some(opponent), Some(0)), set(&[S]));
    }

    #[test]
    fn beat_opponent_on_plain_leads_only() {
        let data = RulesData {
            beat_opponent: BeatOpponent::PlainLead,
            ..RulesData::default()
        };
        let rules = Rules::new(data).unwrap();
        let hand = set(&[S, S + 7]);
        let trump_lead = TrickView {
            led: 0,
            winning: S + 4,
            partner_wins: false,
        };
        assert_eq!(legal(&rules, hand, Some(trump_lead), Some(0)), hand);
        assert_eq!(
            legal(&rules, hand, Some(trump_lead), Some(1)),
            set(&[S + 7])
        );
    }

    #[test]
    fn beat_partner_at_no_trump() {
        let data = RulesData {
            beat_partner_at_no_trump: true,
            ..RulesData::default()
        };
        let rules = Rules::new(data).unwrap();
        let hand = set(&[H, H + 7]);
        let view = TrickView {
            led: 1,
            winning: H + 4,
            partner_wins: true,
        };
        assert_eq!(legal(&rules, hand, Some(view), None), set(&[H + 7]));
        assert_eq!(legal(&rules, hand, Some(view), Some(0)), hand);
    }
}
