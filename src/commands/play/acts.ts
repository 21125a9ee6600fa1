/**
 * The default game's act commands, in its words (rulesets/sellsword/table ACT_WORDS): /move,
 * /maneuver, /attack, /rest, the acts that take only the unit, /trait and /end. Each reads its options,
 * names the unit and squares as the engine expects, and hands the act to `submit`; the engine decides.
 * The reply is public, so the thread reads as a log of the game; refusals are private (router.ts).
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { Command, GameState, UnitState } from '../../rulesets/sellsword/engine';
import { actorRefusal, findAttack, profile, typedTrait, unitLegalActs, unitOf } from '../../rulesets/sellsword/engine';
import type { App } from '../app';
import { describeChange } from '../../match/act-log';
import { nameIn } from '../../posts/announce';
import {
  ACT_WORDS,
  attackChoices,
  openActHint,
  squareChoices,
  strikableOnSquareFor,
  targetChoices,
  tokenChoices,
  traitChoices,
  traitTargetChoices,
  UNIT_ONLY_ACTS,
  unitChoices,
  unitName,
} from '../../rulesets/sellsword/table';
import type { CommandModule } from '../command';
import { gameOf } from '../../match/match-state';
import {
  gameHere,
  onlyAttack,
  resolveAttack,
  resolveBurstCentre,
  resolvePath,
  resolveSquare,
  resolveTarget,
  targetPick,
  resolveUnit,
  refuseImpossibleCharge,
  suggestCharge,
  type LiveGame,
} from '../match-context';
import { type ArgsOf, booleanOption, type OptionSet, type OptionSpec, optionSet, textOption } from '../option-spec';
import type { ReadOptions } from '../options';
import { answerOwn } from '../own-answer';
import { submit, toYou, withMentions, type Submitted } from '../../match/submit';
import { withoutRuleCodes } from '../../render/plain-rules';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';
import { TOKENS } from '../../rulesets/sellsword/formats/vocabulary';
import { suggesting } from './suggestion-cache';
import { chargePath, chargeWords, pathSuggestions } from './charge-words';

const unit = textOption({ name: 'unit', description: 'Your unit, by its label on the map', required: true, autocomplete: true, max: 40 });
/** Every act names its unit first; this reads it for `actCommand`, whatever else the act takes. */
const unitOnly = optionSet(unit);

/** The log's line of a charge (last-turn-words.ts), with what it paid: "KN charged GH, J12 to J10 (paying 5 Vigor)." */
const CHARGED = /^\S+ charged \S+, [^(]*?(?: \(paying ([^)]+)\))?\.$/;

async function act(interaction: ChatInputCommandInteraction, app: App, build: (live: LiveGame) => Command): Promise<void> {
  const live = await gameHere(app, interaction.channelId);
  const command = build(live);
  const reply = (done: Submitted) => {
    const who = `**${nameIn(done.setup)(interaction.user.id)}**`;
    // The turn's post comes right after an /end and tells the whole turn (what the end set off too),
    // naming the unit: the reply says only who ended it, so the thread hears each fact once.
    if ('end' in command) return endReply(done, who, interaction.user.id, command.end);
    // The reply is public: it names who acted and never addresses one reader as "(you)".
    const lines = describeChange(done, null, interaction.user.id);
    // A charge says whom it charges and by which squares once: in place of the log's own "KN charged GH,
    // J12 to J10 (paying 5 Vigor)." when the log got that far, else first (a wound prompt on damaging
    // ground may stop it partway).
    if ('act' in command && command.act === 'attack' && command.target !== undefined && Array.isArray(command.charge)) {
      const told = lines.findIndex((l) => CHARGED.test(l));
      const paid = told < 0 ? undefined : CHARGED.exec(lines[told]!)?.[1];
      const plan = chargeWords(live.game, { unit: command.unit, attack: command.attack, target: command.target, path: command.charge }, paid);
      lines.splice(told < 0 ? 0 : told, told < 0 ? 0 : 1, plan);
    }
    const after = gameOf(done.after)!;
    if ('act' in command && actsLeftWords(after, command.unit)) lines.push(actsLeftWords(after, command.unit));
    return `${who}: ${lines.join(' ')}`;
  };
  const done = await submit(app, live.row.id, interaction.user.id, live.row.seq, { game: command }, { via: interaction, reply });
  await answerOwn(app, interaction, done.posts);
}

/**
 * An /end's reply. When the turn ended, its post follows with the unit and the turn's log; when it did
 * not (the end set off a prompt first, or the game ended), the reply tells what happened.
 */
function endReply(done: Submitted, who: string, actor: string, unit: string): string {
  const ended = done.events.some((e) => e.event.stage === 'game' && e.event.event.type === 'turn-ended');
  const lines = ended ? [] : describeChange(done, null, actor);
  // The unit's turn, not the player's: "Bob ends the turn" read as Bob's whole turn being over.
  return lines.length === 0 ? `${who} ends ${unit.toUpperCase()}'s turn.` : `${who}: ${lines.join(' ')}`;
}

/**
 * What the acting unit has left of its turn after an act: "KN has 2 acts left this turn." When the act
 * ended the unit's turn it says only that no acts are left: the turn's own post, which follows, tells
 * the turn's end, and the thread hears it once.
 */
export function actsLeftWords(after: GameState, unitId: string): string {
  const unit = after.units[unitId];
  if (!unit || after.over) return '';
  // Said by the map label, as the log lines before it say the unit.
  const name = unit.id.toUpperCase();
  const turn = after.turn;
  const n = turn?.unit === unitId ? turn.actsLeft : 0;
  if (n === 0) return `${name} has no acts left this turn.`;
  return `${name} has ${n} act${n === 1 ? '' : 's'} left this turn.${openActHint(after, unitId)}`;
}

/** A module for one act: its options, how they become a command, and autocomplete from the engine. */
function actCommand<const S extends readonly OptionSpec[]>(
  name: string,
  description: string,
  options: OptionSet<S>,
  build: (live: LiveGame, o: ArgsOf<S>, unitId: string) => Command,
  actName: string | undefined,
): CommandModule {
  return {
    data: { name, description, options: options.json },
    async run(interaction, app, opts: ReadOptions) {
      const o = options.parse(opts.values);
      const named = unitOnly.parse(opts.values).unit;
      const user = interaction.user.id;
      await act(interaction, app, (live) => {
        // Someone watching is told first that the match is not theirs, not whose unit or turn it is.
        if (!live.game.players.includes(user))
          refuse('not-a-player', `You are not playing in this match, so you cannot give its units acts. \`/games\` lists the matches you play in.`);
        const id = resolveUnit(live.game, named).id;
        // Whose turn and unit it is comes before the act's own options, as in the suggestions.
        const stop = actorRefusal(live.game, id, user, name === 'end');
        if (stop) refuse(stop.code, withMentions(toYou(withoutRuleCodes(stop.message), user), live.row.players));
        return build(live, o, id);
      });
    },
    async autocomplete(interaction, app, opts) {
      const found = await suggesting(app.store, interaction.channelId);
      if (!found) return [];
      const { game, names, memo } = found;
      const v = opts.values;
      const user = interaction.user.id;
      switch (opts.focused) {
        case 'unit':
          return unitChoices(game, user, v.unit, actName, names, memo);
        case 'to':
          return squareChoices(game, user, v.unit, v.to, name === 'maneuver', names, memo);
        case 'attack':
          return attackChoices(game, user, v.unit, v.attack, names, memo);
        case 'target':
          return name === 'trait'
            ? traitTargetChoices(game, user, v.unit, v.trait, v.target, names, memo)
            : targetChoices(game, user, v.unit, v.attack, v.target, names, memo, v.charge);
        case 'trait':
          return traitChoices(game, user, v.unit, v.trait, names, memo);
        case 'token':
          return tokenChoices(game, user, v.unit, v.token, names, memo);
        case 'path':
          return name === 'attack' ? pathSuggestions(game, user, v.unit, v.attack, v.target, v.path, names) : [];
        default:
          return [];
      }
    },
  };
}

export const moveCommand = actCommand(
  'move',
  ACT_WORDS.move,
  optionSet(
    unit,
    textOption({ name: 'to', description: 'The square to end on, like C5', required: true, autocomplete: true, max: 16 }),
    textOption({ name: 'path', description: 'Optional: every square entered, in order, like "C4 C5"', max: 300 }),
  ),
  (live, o, u) => {
    const to = resolveSquare(live.game.map, o.to);
    if (o.path === undefined) return { act: 'move', unit: u, to };
    const path = resolvePath(live.game, o.path);
    if (path[path.length - 1] !== to) refuse('path-mismatch', `The path ends at ${path[path.length - 1]}, not at ${to}.`);
    return { act: 'move', unit: u, path };
  },
  'move',
);

export const maneuverCommand = actCommand(
  'maneuver',
  ACT_WORDS.maneuver,
  optionSet(unit, textOption({ name: 'to', description: 'The square to step to', required: true, autocomplete: true, max: 16 })),
  (live, o, u) => ({ act: 'maneuver', unit: u, to: resolveSquare(live.game.map, o.to) }),
  'maneuver',
);

/**
 * A target picked from the suggestions with no attack given carries the attack its odds were for ("TG
 * with Hellspit 80% hit"); `attack` set to another after it would send that other while the box still
 * shows the first one's odds (playtest round 15). Refused, naming both, so nothing happens that the
 * player did not see.
 */
function refuseOtherAttack(game: GameState, attacker: UnitState, attack: string, typed: string): void {
  const picked = targetPick(game, typed);
  const carried = picked.attack;
  if (carried === undefined || carried === attack) return;
  const name = (id: string) => findAttack(game, attacker, id)?.name ?? id;
  const target = picked.target.toUpperCase();
  refuse(
    'attack-mismatch',
    `The target you picked was offered with ${name(carried)}, but \`attack\` says ${name(attack)}. Pick ${target} again from the list for ${name(attack)}, or leave \`attack\` out to attack with ${name(carried)}.`,
  );
}

/**
 * A burst's `target`: the square it is centred on, or a unit on the map (its square), R24. Any other
 * attack's target is a unit, maybe picked as a charge at it (R23).
 */
function burstAttack(live: LiveGame, u: string, attack: string, name: string, o: { target: string; charge?: boolean; path?: string }): Command {
  if (o.charge === true || o.path !== undefined)
    refuse('cannot-charge-with', `${name} is a burst: it cannot be made as a charge, so leave out \`charge\` and \`path\`.`);
  // A target picked as a charge for another attack, before the attack was changed to this burst: its unit.
  const picked = targetPick(live.game, o.target).target;
  return { act: 'attack', unit: u, attack, origin: resolveBurstCentre(live.game, picked, name) };
}

// Discord lists required options before optional ones, and focuses the next required one as a player
// picks: unit, then target are asked for in the order they are typed (playtest: an optional target was
// never focused, and testers stopped after the attack). `attack` may be left out for a unit with one
// attack (issue 26), so, optional, it must come after the target (Discord refuses a required option
// after an optional one); the target's suggestions then judge the unit's attacks, or that one.
export const attackCommand = actCommand(
  'attack',
  ACT_WORDS.attack,
  optionSet(
    unit,
    textOption({
      name: 'target',
      description: 'The unit attacked; for a burst, the square (or unit) it is centred on',
      required: true,
      autocomplete: true,
      max: 40,
    }),
    textOption({ name: 'attack', description: 'Which attack (leave out for a unit with only one)', autocomplete: true, max: 60 }),
    booleanOption({ name: 'charge', description: ACT_WORDS.charge }),
    textOption({
      name: 'path',
      description: 'For a charge: the 2 squares to step through, like "E9 E10" (else the one suggested)',
      autocomplete: true,
      max: 16,
    }),
  ),
  (live, o, u) => {
    const attacker = unitOf(live.game, u);
    // A target picked from the suggestions without `attack` carries the attack its odds were for (issue 26).
    const carried = o.attack ?? targetPick(live.game, o.target).attack;
    const attack =
      carried !== undefined ? resolveAttack(live.game, attacker, carried) : onlyAttack(live.game, attacker, false, { typed: o.target, charge: o.charge });
    const made = findAttack(live.game, attacker, attack);
    refuseOtherAttack(live.game, attacker, attack, o.target);
    if (made?.burst !== undefined) return burstAttack(live, u, attack, made.name, o);
    // The square an enemy stands on, read off the map, is that enemy when the attack can strike only it there.
    const typed = strikableOnSquareFor(live.game, u, attack, o.target) ?? o.target;
    const picked = resolveTarget(live.game, typed, o.charge, made?.name ?? attack);
    const target = picked.unit.id;
    if (o.path !== undefined && !picked.charge) refuse('bad-option', '`path` is for a charge: pick a target offered as a charge, or set `charge` to True.');
    if (!picked.charge) suggestCharge(live.game, attacker, attack, target);
    else if (o.path === undefined) refuseImpossibleCharge(live.game, attacker, attack, target);
    // A charge goes by the path the player chose, else the one its suggestion named: the squares shown are the ones taken.
    const charge = o.path !== undefined ? resolvePath(live.game, o.path) : chargePath(live.game, u, attack, target);
    return { act: 'attack', unit: u, attack, target, ...(picked.charge ? { charge } : {}) };
  },
  'attack',
);

/** The token typed for /rest, any case, or a refusal naming the tokens there are. */
function restToken(typed: string): (typeof TOKENS)[number] {
  const token = TOKENS.find(
    (t) =>
      t ===
      typed
        .trim()
        .toLowerCase()
        .replace(/ token$/, ''),
  );
  return token ?? refuse('unknown-token', `There is no "${shown(typed)}" token: a unit rests to regain a react, blue or red token.`);
}

/**
 * /rest without `token`: the one kind of token the unit can regain, as the engine offers it. With none
 * to regain because every token is back, that is said; with none for another reason, the first spent
 * kind goes to the engine, whose refusal says why. A tester could not send /rest for a unit whose
 * token list was "Nothing to choose" while `token` was required (issue 26).
 */
function onlyToken(game: GameState, unitId: string): (typeof TOKENS)[number] {
  const kinds = [...new Set(unitLegalActs(game, unitId, new Set(['rest'])).map((c) => (c as { token: (typeof TOKENS)[number] }).token))];
  const u = unitOf(game, unitId);
  if (kinds.length === 1) return kinds[0]!;
  if (kinds.length > 1) return refuse('token-needed', `${unitName(game, u)} could regain a ${kinds.join(' or ')} token: say which with \`token\`.`);
  const max = profile(game, u).tokensMax;
  const spent = TOKENS.find((t) => u.tokens[t] < max[t]);
  return spent ?? refuse('nothing-to-regain', `${unitName(game, u)} has all its tokens: resting would regain none.`);
}

export const restCommand = actCommand(
  'rest',
  ACT_WORDS.rest,
  optionSet(
    unit,
    textOption({ name: 'token', description: 'Which token to regain: react, blue or red (left out: the one it can)', autocomplete: true, max: 20 }),
  ),
  (live, o, u) => ({ act: 'rest', unit: u, token: o.token !== undefined ? restToken(o.token) : onlyToken(live.game, u) }),
  'rest',
);

/** The acts that take nothing but the unit. */
const unitOnlyActs = UNIT_ONLY_ACTS.map((a) => actCommand(a.name, a.description, optionSet(unit), (_l, _o, u) => ({ act: a.name, unit: u }), a.name));

export const traitCommand = actCommand(
  'trait',
  ACT_WORDS.trait,
  optionSet(
    unit,
    textOption({ name: 'trait', description: 'Which trait', required: true, autocomplete: true, max: 60 }),
    textOption({ name: 'target', description: 'Only this unit (left out: every unit the trait reaches, or itself)', autocomplete: true, max: 40 }),
  ),
  (live, o, u) => ({
    act: 'trait',
    unit: u,
    // A trait typed by its printed name is the one with that id; one the unit lacks is refused by the engine, with its act traits.
    trait: typedTrait(live.game, live.game.units[u]!, o.trait)?.id ?? o.trait.trim().toLowerCase(),
    ...(o.target !== undefined ? { target: resolveUnit(live.game, o.target).id } : {}),
  }),
  'trait',
);

export const endCommand = actCommand('end', ACT_WORDS.end, optionSet(unit), (_l, _o, u) => ({ end: u }), undefined);

export const actCommands: readonly CommandModule[] = [moveCommand, maneuverCommand, attackCommand, restCommand, ...unitOnlyActs, traitCommand, endCommand];
