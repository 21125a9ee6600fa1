/**
 * The boundary between the bot and a game (docs/rulesets.md §1). The application (match, clock,
 * posts, league, commands) reaches a game only through a `Ruleset` from the registry (./index.ts),
 * and keeps what the game stores (its setup, state, events, commands) as JSON it hands back untouched:
 * `unknown` here, narrowed by the game itself. So no generic module needs a type per game.
 *
 * Only the parts the application already calls through the boundary are declared; the rest of §1
 * (formats, army rules, prompts, acts, words, view, practice) joins as its callers switch to it.
 */
import type { Roll, RuleError } from '../engine';
import type { PlayerId } from './sellsword/engine';
import type { TableView } from '../render/table-view';
import type { RulesTopic } from '../formats/rules-topic';

export type { RulesTopic } from '../formats/rules-topic';

/** One `/help` topic: how to use the bot for a game, in the words a new player needs. */
export interface HelpTopic {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/** A game's part of `/help` (commands/help/help-topics.ts): its own topics, and its acts for the "Every command" topic. */
export interface GameHelp {
  readonly topics: readonly HelpTopic[];
  /** The game's act commands as the "Every command" topic lists them, in Discord's markdown. */
  readonly acts: string;
}

/** The games the bot knows by name, as stored in a match's, warband's, catalog's, map's and league's `ruleset`. */
export type RulesetId = 'sellsword' | 'sword-and-claw';

/** Where a match stands: the status its row takes (store `matches.status`) after a step. */
export type Phase = 'setup' | 'playing' | 'over';

/** How a match ended, as leagues and the result post read it. */
export interface MatchEnd {
  readonly winner: PlayerId | null;
  readonly score: Readonly<Record<PlayerId, number>>;
  /** Rounds played (or begun) when it ended. */
  readonly rounds: number;
}

/** What the match waits for from one player: a setup choice, a prompt's answer, or their turn. */
export interface Wait {
  readonly kind: 'setup' | 'prompt' | 'turn';
  readonly player: PlayerId;
}

/** What a step gives: its events, the state after them, and the setup when the step changed it. */
export type Stepped =
  | { readonly ok: true; readonly events: readonly unknown[]; readonly state: unknown; readonly setup?: unknown }
  | { readonly ok: false; readonly error: RuleError };

export interface MatchRules {
  /** A match's first events and state, from the setup frozen when every army was in. */
  begin(setup: unknown): Stepped;
  /**
   * decide and apply: `command` by `by` (undefined: the bot's own, a timeout's) against `state`, whose
   * last event is number `seq`. Pure; a refusal is a value.
   */
  step(setup: unknown, state: unknown, command: unknown, by: PlayerId | undefined, seq: number): Stepped;
  /**
   * The log (numbered from 1) folded from the setup: what the stored state must equal. `stored`, when
   * given, is the state as saved, so a game may leave out of the replay what states saved by an older
   * bot never carried.
   */
  replay(setup: unknown, events: readonly unknown[], stored?: unknown): unknown;
  phase(state: unknown): Phase;
  /** Whom the match waits on now; none once it is over. */
  waits(state: unknown): readonly Wait[];
  /**
   * What a missed deadline does while the match waits as it stands (a prompt's default, the end of a
   * turn), and that in words for the thread, players named by `name`; null: nothing to do.
   */
  timeout(state: unknown, name: (player: PlayerId) => string): { readonly command: unknown; readonly words: string } | null;
  /** Whether `event` begins a new turn: the turn's wait then starts afresh, even for the same player. */
  startsTurn(event: unknown): boolean;
  /** The end of the match, or null while it goes on. */
  end(state: unknown): MatchEnd | null;
}

/** A scenario file of a game run (docs/formats.md): its report, or why the file cannot be run (exit 2). */
export type ScenarioRun = { readonly ok: true; readonly report: unknown } | { readonly ok: false; readonly problems: string };

export interface ScenarioRules {
  /** Runs a scenario document of this game, already read from JSON or YAML; pure but for the game's shipped content. */
  run(document: unknown): ScenarioRun;
}

/** What a table picture shows besides the state: the last turn marked on it, and players' names. */
export interface TableRequest {
  /** The events of the turn to mark (moves, strikes, removals), in order. */
  readonly lastTurn?: readonly unknown[];
  /** The state that turn started from: where its moves began. */
  readonly before?: unknown;
  readonly names?: Readonly<Record<PlayerId, string>>;
}

/** What a game shows of a match (docs/rulesets.md §1 "View"): its table as a view the renderer draws, render/table-picture.ts. */
export interface ViewRules {
  table(setup: unknown, state: unknown, request?: TableRequest): TableView;
  /**
   * One of the game's maps (`TableRules.maps()`, by id) on its own, before any troop stands on it, with
   * the key to its terrain (`/map show`); null when the game has no map by that id. Absent: the
   * game's maps are drawn by the application's own path (Sellsword's map preview). `document`: the
   * stored document of a map submitted to the server (`TableRules.readMap`), drawn instead.
   */
  map?(mapId: string, document?: unknown): TableView | null;
}

export interface Ruleset {
  readonly id: RulesetId;
  /** The game's name as players read it. */
  readonly name: string;
  /** The rules' version new matches are played under. */
  readonly version: number;
  /** Every version whose stored matches this bot still replays (the current one among them). */
  readonly replays: readonly number[];
  readonly match: MatchRules;
  /** The dice one stored event used, in order, each with its size: what `verify` recomputes from the seed. */
  readonly diceOf: (event: unknown) => readonly Roll[];
  /** The game's scenario runner; null: run by the application's own (Sellsword's, src/rulesets/sellsword/scenario-runner.ts, which the CLI calls with the catalog folder beside the scenario). */
  readonly scenario: ScenarioRules | null;
  /**
   * The table as a generic view. Optional while Sellsword's pictures are still drawn from its own
   * map view (render/view.ts); a game without one is drawn by its own path.
   */
  readonly view?: ViewRules;
  /** The game's `/rules` topics, in players' words. */
  readonly rules: readonly RulesTopic[];
  /** The game's `/help` topics and act commands. */
  readonly help: GameHelp;
  /**
   * The actions its own prompts' buttons and menus carry in their component ids (commands/codec.ts),
   * beside the application's; a game answered through `table` uses the codec's own `answer`.
   */
  readonly buttons: readonly string[];
  /** Played at the table through `/order`, its prompts' buttons and its own words; absent: through the application's own commands. */
  readonly table?: TableRules;
  /** The game's practice opponent; absent: the game has none behind the boundary yet. */
  readonly practice?: PracticeRules;
}

/** An army a challenge may bring (a game's sample armies until its players submit their own). */
export interface ArmyOffer {
  readonly id: string;
  readonly name: string;
  readonly faction: string;
  readonly points: number;
}

/** A map a match of this game may be played on, as the `map` option offers it. */
export interface MapOffer {
  readonly id: string;
  readonly name: string;
  /** A few words on it for a suggestion list: its size and terrain ("24×16: blocking, difficult ground"). */
  readonly about: string;
}

/** What a new match of this game is made from once every player is in. */
export interface TableBegin {
  readonly seed: number;
  readonly players: readonly PlayerId[];
  /** Each player's army, by `ArmyOffer.id`. */
  readonly armies: Readonly<Record<PlayerId, string>>;
  /** The map's id among the game's `maps()`, or a submitted map's (then `mapDocument` holds it); absent: the first of them. */
  readonly map?: string;
  /**
   * The stored document of the map `map` names when it is one an organiser submitted (`/map submit`),
   * not one of `maps()`: the game checks it with its own `readMap` and keeps the map in the setup, so
   * the match never needs the stored map again. Absent for a shipped map.
   */
  readonly mapDocument?: unknown;
  /** The last round, for a game that plays one (a league's setting); absent: none. */
  readonly roundLimit?: number;
}

/** The practice opponent of a game (docs/rulesets.md §1): pure, reading only what any player sees. */
export interface PracticeRules {
  /** The command it gives for `seat` now, or null when the match does not wait on that seat. */
  choose(setup: unknown, state: unknown, seat: PlayerId): unknown | null;
}

/** One option of an order: always a string, suggested from the legal orders as typed. */
export interface OrderOptionSpec {
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
}

/** One subcommand of `/order` (docs/rulesets.md §1 "acts"): its name, its words and its options. */
export interface OrderSpec {
  readonly name: string;
  readonly description: string;
  readonly options: readonly OrderOptionSpec[];
}

/** One suggestion: what the player reads and the value the option takes. */
export interface Suggestion {
  readonly name: string;
  readonly value: string;
}

/** An open prompt as a post: whom it waits on, its text, and its buttons (each answer's `arg`). */
export interface PromptPost {
  readonly player: PlayerId;
  readonly kind: string;
  readonly text: string;
  readonly buttons: readonly { readonly label: string; readonly arg: string; readonly style?: 'primary' | 'secondary' | 'danger' }[];
}

/** One event told in the thread: its lines, and whether the table's picture follows it (a player turn, a deployment, the match ended). */
export interface ToldEvent {
  readonly lines: readonly string[];
  readonly picture: boolean;
}

/**
 * A game played at the table through its own parts (docs/rulesets.md §1 "acts", "prompts", "words"):
 * the armies and map a challenge takes, `/order`'s subcommands, its prompts as buttons, and its log
 * words. A game without them is played through the application's own commands (Sellsword's, until
 * its rules move behind the boundary).
 */
export interface TableRules {
  /** The armies a challenge may bring; the first two are the default for the challenger and the opponent. */
  armies(): readonly ArmyOffer[];
  /** The maps a match may be played on; the first is the one a match that names none is played on. */
  maps(): readonly MapOffer[];
  /**
   * A map an organiser uploads (`/map submit`), read as a document (JSON or YAML already parsed) and
   * checked with the game's own map rules: the map as an offer and as it is stored, or each problem
   * as a line. Absent: the game takes no submitted maps.
   */
  readMap?(
    document: unknown,
  ): { readonly ok: true; readonly offer: MapOffer; readonly map: unknown } | { readonly ok: false; readonly problems: readonly string[] };
  /** The setup of a new match, or the rule it breaks. */
  setup(input: TableBegin): { readonly ok: true; readonly setup: unknown } | { readonly ok: false; readonly error: RuleError };
  /** The command by which `player` concedes. */
  concede(player: PlayerId): unknown;
  readonly orders: readonly OrderSpec[];
  /** A typed `/order` as the game's command, or why not (the game's own sentence). */
  parse(
    setup: unknown,
    state: unknown,
    by: PlayerId,
    order: string,
    options: Readonly<Record<string, string>>,
  ): { readonly ok: true; readonly command: unknown } | { readonly ok: false; readonly error: RuleError };
  /** The legal choices for one option as typed so far; none: `why` says why nothing fits. */
  suggest(
    setup: unknown,
    state: unknown,
    by: PlayerId,
    order: string,
    option: string,
    options: Readonly<Record<string, string>>,
  ): { readonly choices: readonly Suggestion[]; readonly why?: string };
  /** The open prompt as a post, players named by `name`; null when none is open. */
  prompt(setup: unknown, state: unknown, name: (player: PlayerId) => string): PromptPost | null;
  /** A button's `arg` as the game's command. */
  /** `sealed`: the choice stays hidden from the other players (the thread is told only that it was made). */
  answer(
    state: unknown,
    arg: string,
  ): { readonly ok: true; readonly command: unknown; readonly sealed?: true } | { readonly ok: false; readonly error: RuleError };
  /** A change's events told in the thread, one entry per event, from the state before them. */
  tell(setup: unknown, before: unknown, events: readonly unknown[], name: (player: PlayerId) => string): readonly ToldEvent[];
  /** What the match waits for, in words ("Waiting for Bob to …"). */
  waiting(state: unknown, name: (player: PlayerId) => string): string;
  /**
   * After a change whose `events` opened a turn or a step, the orders that fit now for the player
   * the match waits on ("Next: `/order move` … for 3 troops; `/order next` to go on to ranged."); null
   * otherwise. The thread shows it after the change's lines, unless the practice opponent holds that seat.
   */
  next?(setup: unknown, state: unknown, events: readonly unknown[]): string | null;
  /** A sentence of the game's (a refusal) in the words players read (pieces by the labels they see). */
  plain(setup: unknown, text: string): string;
  /** The result in words, once the match is over. */
  result(setup: unknown, state: unknown, name: (player: PlayerId) => string): string;
}
