//! Decisions by single-observer information-set Monte Carlo tree search (SO-ISMCTS) for the
//! seat to act, from its knowledge alone.
//!
//! One tree of action sequences from the present, shared by every world: each iteration
//! draws a world consistent with what the seat has seen (the exact sampler of
//! [`crate::sample`], worlds kept with the likelihood of the decisions they show, as the PIMC
//! search keeps them: [`crate::search::draw_world`]; at most [`DEFAULT_WORLDS`] distinct
//! worlds a decision by default, later iterations going round them again), descends the tree
//! choosing among the actions legal in that world by UCB with availability counts (an
//! action's count of trials is how often it was legal when its parent was visited, not how
//! often the parent was), adds one node, finishes the deal with a cheap rollout policy and backs up the deal's net
//! match points for the root seat's side (the real result: sweep, calls, pending ties and cap
//! included).  Every seat's decisions, before play and in play, are nodes of the same tree;
//! a seat other than the root's picks the action best for its own side.
//!
//! "Single observer": the other seats choose in the tree on the root seat's information, not
//! on their own hands in the world (which they could see), so their play is modelled by what
//! is good on average over the worlds; the rollouts play each seat from its own view.

use std::time::Instant;

use crate::action::Action;
use crate::bot::{apply_legal, Bot, RandomBot};
use crate::deal::Deal;
use crate::heuristic::HeuristicBot;
use crate::rng::Rng;
use crate::rules::Rules;
use crate::sample::{Knowledge, NoWorld, Sampler};
use crate::search::{draw_world, factor, view_seed};

/// How long a decision searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations (deterministic: the same seed and knowledge give the same
    /// choice).
    Iterations(u32),
    /// Wall-clock milliseconds, the clock read every [`CLOCK_EVERY`] iterations (at least
    /// one batch of iterations is run).
    Millis(u64),
}

/// How often the clock is read under a time budget (iterations).
pub const CLOCK_EVERY: u32 = 8;

/// How a rollout finishes the deal from the node added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Every seat plays as the heuristic bot would from its own view in the world.
    Heuristic,
    /// Uniformly random legal actions.
    Random,
}

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub budget: Budget,
    /// UCB's exploration constant, on rewards normalised to about [-1, 1].
    pub exploration: f64,
    pub rollout: Rollout,
    /// Keep each world with the likelihood of the decisions before play it shows (as the PIMC
    /// search does, [`draw_world`]); false: every world the sampler draws.
    pub weighted: bool,
    /// How many distinct worlds a decision draws at most: once that many are drawn, the
    /// iterations go round them again (weighted worlds cost up to 64 draws each); 0: a new
    /// world every iteration.
    pub worlds: u32,
}

/// The default iterations per decision (see docs/search.md for the time it takes).
pub const DEFAULT_ITERATIONS: u32 = 1000;
/// The default number of distinct worlds per decision.
pub const DEFAULT_WORLDS: u32 = 128;
/// The default exploration constant.
pub const DEFAULT_EXPLORATION: f64 = 0.7;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            budget: Budget::Iterations(DEFAULT_ITERATIONS),
            exploration: DEFAULT_EXPLORATION,
            rollout: Rollout::Heuristic,
            weighted: true,
            worlds: DEFAULT_WORLDS,
        }
    }
}

/// One edge of the tree: an action from a node, the node it leads to, its visits, how often
/// it was available (legal in the world) when its parent was visited, and the total reward
/// (net match points for the root seat's side, normalised).
#[derive(Clone, Copy, Debug)]
struct Edge {
    action: Action,
    child: u32,
    visits: u32,
    available: u32,
    reward: f64,
}

#[derive(Clone, Debug, Default)]
struct Node {
    edges: Vec<Edge>,
    /// The actions with an edge, as action-code bits.
    tried: u64,
}

/// What the search found at the root: each action tried, its visits and mean net match
/// points for the root seat's side (not normalised), and the action taken (most visits).
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub action: Action,
    pub children: Vec<(Action, u32, f64)>,
    pub iterations: u32,
}

#[inline]
fn has(set: u64, action: Action) -> bool {
    set.checked_shr(action.0 as u32).unwrap_or(0) & 1 == 1
}

/// Search the decision of `know.seat` (whose turn it must be) under `settings`, seeded from
/// `seed` and the knowledge; rollouts by the heuristic play with the settings of `heuristic`
/// (without its counting out of the last cards).
pub fn search(
    rules: &Rules,
    know: &Knowledge,
    settings: &Settings,
    seed: u64,
    heuristic: &HeuristicBot,
) -> Result<Outcome, NoWorld> {
    let sampler = Sampler::new(rules, know)?;
    let mut rng = Rng::new(view_seed(know, seed));
    let draw = |rng: &mut Rng| {
        if settings.weighted {
            draw_world(&sampler, rules, know, rng)
        } else {
            let hands = sampler.draw(rng)?;
            sampler
                .replay(&hands)
                .ok_or_else(|| NoWorld::new("core.no-world.did-not-replay"))
        }
    };
    let first = draw(&mut rng)?;
    if first.is_over() || first.to_play != know.seat {
        return Err(NoWorld::new("core.no-world.not-turn"));
    }
    let legal = first.legal_actions(rules);
    if legal.count_ones() == 1 {
        let action = Action(legal.trailing_zeros() as u8);
        return Ok(Outcome {
            action,
            children: vec![(action, 0, 0.0)],
            iterations: 0,
        });
    }
    let scale = ((rules.deal_total - rules.half) as f64 * factor(rules, &first) as f64).max(1.0);
    let mut tree = Tree {
        rules,
        nodes: vec![Node::default()],
        team: rules.team(know.seat),
        scale,
        exploration: settings.exploration,
        rollout: settings.rollout,
        // The rollouts play the heuristic's rules alone, as when the ladder's ismcts rungs were
        // measured: counting out the last cards in every rollout would slow every iteration.
        heuristic: heuristic.clone().with_endgame(None),
        path: Vec::new(),
    };
    tree.heuristic.set_scores(know.scores);
    let start = Instant::now();
    let mut iterations = 0u32;
    let mut pool = vec![first];
    loop {
        let done = match settings.budget {
            Budget::Iterations(n) => iterations >= n.max(1),
            Budget::Millis(ms) => {
                iterations > 0
                    && iterations.is_multiple_of(CLOCK_EVERY)
                    && start.elapsed().as_secs_f64() * 1e3 >= ms as f64
            }
        };
        if done {
            break;
        }
        let deal = if iterations == 0 {
            pool[0]
        } else if settings.worlds == 0 {
            draw(&mut rng)?
        } else if pool.len() < settings.worlds as usize {
            let d = draw(&mut rng)?;
            pool.push(d);
            d
        } else {
            pool[(iterations % settings.worlds) as usize]
        };
        tree.iterate(deal, &mut rng);
        iterations += 1;
    }
    Ok(tree.outcome(iterations))
}

struct Tree<'a> {
    rules: &'a Rules,
    nodes: Vec<Node>,
    /// The root seat's team.
    team: u8,
    /// Net match points per unit of normalised reward.
    scale: f64,
    exploration: f64,
    rollout: Rollout,
    heuristic: HeuristicBot,
    /// The (node, edge) pairs of the iteration's descent.
    path: Vec<(u32, u32)>,
}

impl Tree<'_> {
    /// One iteration in the world `deal` (replayed to the present).
    fn iterate(&mut self, mut deal: Deal, rng: &mut Rng) {
        let rules = self.rules;
        self.path.clear();
        let mut node = 0u32;
        while !deal.is_over() {
            let legal = deal.legal_actions(rules);
            let forced = legal.count_ones() == 1;
            let n = &mut self.nodes[node as usize];
            for e in n.edges.iter_mut() {
                if has(legal, e.action) {
                    e.available += 1;
                }
            }
            let untried = legal & !n.tried;
            let edge = if untried != 0 {
                let action = Action(rng.pick(untried));
                let child = self.nodes.len() as u32;
                let n = &mut self.nodes[node as usize];
                n.tried |= 1u64 << action.0;
                n.edges.push(Edge {
                    action,
                    child,
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                });
                let e = n.edges.len() as u32 - 1;
                self.nodes.push(Node::default());
                e
            } else {
                let sign = if rules.team(deal.to_play) == self.team {
                    1.0
                } else {
                    -1.0
                };
                self.select(node, legal, sign)
            };
            let e = self.nodes[node as usize].edges[edge as usize];
            self.path.push((node, edge));
            apply_legal(rules, &mut deal, e.action);
            node = e.child;
            // One node added an iteration; a forced action costs no rollout, so the descent
            // goes on through it.
            if untried != 0 && !forced {
                break;
            }
        }
        let end = self.finish(deal, rng);
        let reward = self.net(&end) / self.scale;
        for &(node, edge) in &self.path {
            let e = &mut self.nodes[node as usize].edges[edge as usize];
            e.visits += 1;
            e.reward += reward;
        }
    }

    /// The legal edge with the best upper confidence bound for the seat to act (`sign`: +1
    /// for the root seat's side, -1 for the other), its trials counted by availability.
    fn select(&self, node: u32, legal: u64, sign: f64) -> u32 {
        let n = &self.nodes[node as usize];
        let mut best = 0u32;
        let mut best_value = f64::NEG_INFINITY;
        for (k, e) in n.edges.iter().enumerate() {
            if !has(legal, e.action) {
                continue;
            }
            let visits = e.visits.max(1) as f64;
            let value = sign * e.reward / visits
                + self.exploration * ((e.available.max(1) as f64).ln() / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = k as u32;
            }
        }
        best
    }

    /// The deal played out by the rollout policy.
    fn finish(&mut self, mut deal: Deal, rng: &mut Rng) -> Deal {
        let rules = self.rules;
        match self.rollout {
            Rollout::Heuristic => {
                while !deal.is_over() {
                    let legal = deal.legal_actions(rules);
                    let action = if legal.count_ones() == 1 {
                        Action(legal.trailing_zeros() as u8)
                    } else {
                        self.heuristic.act(rules, &deal, legal)
                    };
                    if !has(legal, action) {
                        break; // cannot happen: the heuristic picks a legal action
                    }
                    apply_legal(rules, &mut deal, action);
                }
            }
            Rollout::Random => {
                let mut bot = RandomBot::new(rng.next_u64());
                while !deal.is_over() {
                    let legal = deal.legal_actions(rules);
                    let action = bot.act(rules, &deal, legal);
                    apply_legal(rules, &mut deal, action);
                }
            }
        }
        deal
    }

    /// The deal's net match points for the root seat's side (0 if it did not finish).
    fn net(&self, deal: &Deal) -> f64 {
        let Some(r) = deal.result(self.rules) else {
            return 0.0;
        };
        let a = r.team_a as f64 - r.team_b as f64;
        if self.rules.team(deal.dealer) == self.team {
            a
        } else {
            -a
        }
    }

    /// The root's statistics and the action with the most visits (then the best mean, then
    /// the lower code).
    fn outcome(&self, iterations: u32) -> Outcome {
        let root = &self.nodes[0];
        let mut children: Vec<(Action, u32, f64)> = root
            .edges
            .iter()
            .map(|e| {
                let mean = e.reward / e.visits.max(1) as f64 * self.scale;
                (e.action, e.visits, mean)
            })
            .collect();
        children.sort_by_key(|c| c.0);
        let action = children
            .iter()
            .fold(None, |best: Option<&(Action, u32, f64)>, c| match best {
                Some(b) if (b.1, b.2) >= (c.1, c.2) => Some(b),
                _ => Some(c),
            })
            .map_or(Action::PASS, |c| c.0);
        Outcome {
            action,
            children,
            iterations,
        }
    }
}

/// The IS-MCTS bot: reads only what its seat knows of the deal it is given
/// ([`Knowledge::of`]) and searches each decision with a choice.
#[derive(Clone, Debug)]
pub struct IsmctsBot {
    pub seed: u64,
    pub settings: Settings,
    /// The heuristic's settings, for the rollouts (and a decision the search cannot make).
    pub heuristic: HeuristicBot,
    /// Match points of teams 0 and 1 in the current game.
    pub scores: [i64; 2],
}

impl IsmctsBot {
    pub fn new(seed: u64, settings: Settings, heuristic: HeuristicBot) -> IsmctsBot {
        IsmctsBot {
            seed,
            settings,
            heuristic,
            scores: [0, 0],
        }
    }

    /// The search's outcome for the seat to act in `deal`, from its knowledge alone.
    pub fn outcome(&self, rules: &Rules, deal: &Deal) -> Result<Outcome, NoWorld> {
        let know = Knowledge::of(rules, deal, deal.to_play, self.scores);
        search(rules, &know, &self.settings, self.seed, &self.heuristic)
    }
}

impl Bot for IsmctsBot {
    fn act(&mut self, rules: &Rules, deal: &Deal, legal: u64) -> Action {
        if legal.count_ones() <= 1 {
            return if legal == 0 {
                Action::PASS
            } else {
                Action(legal.trailing_zeros() as u8)
            };
        }
        match self.outcome(rules, deal) {
            Ok(o) if has(legal, o.action) => o.action,
            // No world fits the seat's knowledge (not a deal the engine produced): the
            // heuristic decides, from the seat's view.
            _ => self.heuristic.clone().act(rules, deal, legal),
        }
    }

    fn set_scores(&mut self, scores: [i64; 2]) {
        self.scores = scores;
        self.heuristic.set_scores(scores);
    }
}
