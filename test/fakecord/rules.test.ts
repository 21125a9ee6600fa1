/**
 * The fake's own rules, without a server: Discord's checks on command definitions and message
 * bodies, how a driver's options become interaction data, ids, and file descriptions.
 */
import { describe, expect, it } from 'vitest';
import { contentTypeOf, imageSize, sanitiseFilename } from '../../src/fakecord/attachments';
import { commandData, splitCommandName } from '../../src/fakecord/command-options';
import { checkCommand } from '../../src/fakecord/command-registry';
import { checkChoices, checkMessageBody, checkModal } from '../../src/fakecord/message-limits';
import { snowflakeMint, snowflakeTime } from '../../src/fakecord/snowflakes';
import { World } from '../../src/fakecord/world';
import type { APIApplicationCommand } from 'discord.js';
import { png } from './test-bot';

const codes = (problems: { path: string; code: string }[]) => problems.map((p) => `${p.path} ${p.code}`);

describe('command definitions', () => {
  it('accepts a well-formed command', () => {
    const start = { type: 1, name: 'start', description: 'Start', options: [{ type: 3, name: 'map', description: 'Map', required: true }] };
    expect(checkCommand({ name: 'match', description: 'Matches', options: [start] })).toEqual([]);
  });

  it('refuses what Discord refuses: names, order, nesting, choices with autocomplete', () => {
    expect(codes(checkCommand({ name: 'Match', description: 'x' }))).toEqual(['name APPLICATION_COMMAND_INVALID_NAME']);
    expect(codes(checkCommand({ name: 'm', description: '' }))).toEqual(['description BASE_TYPE_BAD_LENGTH']);
    expect(
      codes(
        checkCommand({
          name: 'm',
          description: 'x',
          options: [
            { type: 3, name: 'a', description: 'a' },
            { type: 3, name: 'b', description: 'b', required: true },
          ],
        }),
      ),
    ).toEqual(['options.1.required APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID']);
    expect(
      codes(
        checkCommand({
          name: 'm',
          description: 'x',
          options: [
            { type: 1, name: 's', description: 's' },
            { type: 3, name: 'a', description: 'a' },
          ],
        }),
      ),
    ).toEqual(['options APPLICATION_COMMAND_OPTIONS_TYPE_INVALID']);
    expect(
      codes(
        checkCommand({
          name: 'm',
          description: 'x',
          options: [{ type: 3, name: 'a', description: 'a', autocomplete: true, choices: [{ name: 'A', value: 'a' }] }],
        }),
      ),
    ).toEqual(['options.0.autocomplete APPLICATION_COMMAND_AUTOCOMPLETE_INVALID']);
    expect(
      codes(
        checkCommand({
          name: 'm',
          description: 'x',
          options: [{ type: 1, name: 's', description: 's', options: [{ type: 1, name: 'deeper', description: 'd' }] }],
        }),
      ),
    ).toEqual(['options.0.options.0.type APPLICATION_COMMAND_OPTIONS_TYPE_INVALID']);
  });
});

describe('message bodies', () => {
  it('holds embeds to their limits', () => {
    const fields = Array.from({ length: 26 }, (_, i) => ({ name: `f${i}`, value: 'v' }));
    expect(codes(checkMessageBody({ embeds: [{ title: 't'.repeat(257), fields }] }, 0))).toEqual([
      'embeds.0.title BASE_TYPE_MAX_LENGTH',
      'embeds.0.fields BASE_TYPE_MAX_LENGTH',
    ]);
    expect(codes(checkMessageBody({ embeds: [{ description: 'd'.repeat(4096) }, { description: 'd'.repeat(2000) }] }, 0))).toEqual([
      'embeds MESSAGE_EMBEDS_TOO_LONG',
    ]);
    // Ten embeds a message (a warband's ten stat cards, each in its own), not eleven.
    const pictures = (n: number) => Array.from({ length: n }, (_, i) => ({ image: { url: `attachment://card-${i}.png` } }));
    expect(codes(checkMessageBody({ embeds: pictures(10) }, 0))).toEqual([]);
    expect(codes(checkMessageBody({ embeds: pictures(11) }, 0))).toEqual(['embeds BASE_TYPE_MAX_LENGTH']);
  });

  it('holds components to their limits', () => {
    const options = Array.from({ length: 26 }, (_, i) => ({ label: `o${i}`, value: `o${i}` }));
    expect(codes(checkMessageBody({ components: [{ type: 1, components: [{ type: 3, custom_id: 's', options }] }] }, 0))).toEqual([
      'components.0.components.0.options BASE_TYPE_MAX_LENGTH',
    ]);
    const link = { type: 2, style: 5, url: 'https://x', custom_id: 'no', label: 'L' };
    expect(codes(checkMessageBody({ components: [{ type: 1, components: [link] }] }, 0))).toEqual([
      'components.0.components.0.custom_id BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED',
    ]);
    expect(codes(checkMessageBody({ components: [{ type: 10, content: 'v2 text' }] }, 0))).toEqual(['components.0.type UNION_TYPE_CHOICES']);
    expect(checkMessageBody({ components: [{ type: 10, content: 'v2 text' }] }, 1 << 15)).toEqual([]);
  });

  it('holds autocomplete choices and modals to their limits', () => {
    const choices = Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: i }));
    expect(codes(checkChoices({ choices }))).toEqual(['data.choices BASE_TYPE_MAX_LENGTH']);
    const input = { type: 4, custom_id: 'n', label: 'Name', style: 1 };
    expect(codes(checkModal({ custom_id: 'm', title: 't'.repeat(46), components: [{ type: 1, components: [input] }] }))).toEqual([
      'data.title BASE_TYPE_BAD_LENGTH',
    ]);
  });
});

describe('command options', () => {
  const world = new World({
    mint: snowflakeMint(),
    baseUrl: 'http://127.0.0.1:1',
    users: [{ name: 'alice', organiser: true }, { name: 'bob' }],
    guildName: 'G',
    channelName: 'skirmishes',
    botName: 'Bot',
    notify: () => undefined,
  });
  const command = {
    id: '1',
    name: 'match',
    type: 1,
    options: [
      {
        type: 2,
        name: 'admin',
        description: 'a',
        options: [
          {
            type: 1,
            name: 'set',
            description: 's',
            options: [
              { type: 4, name: 'points', description: 'p', required: true },
              { type: 5, name: 'ranked', description: 'r' },
              {
                type: 3,
                name: 'size',
                description: 's',
                choices: [
                  { name: 'Small', value: 'sm' },
                  { name: 'Large', value: 'lg' },
                ],
              },
              { type: 6, name: 'who', description: 'w' },
            ],
          },
        ],
      },
    ],
  } as unknown as APIApplicationCommand;

  it('types values by the definition and nests them under group and subcommand', () => {
    const data = commandData(world, command, { user: 'alice', name: 'match admin set', options: { points: '120', ranked: 'true', size: 'Large', who: 'bob' } });
    const bob = world.findUser('bob')?.id ?? '';
    expect(data.options).toEqual([
      {
        name: 'admin',
        type: 2,
        options: [
          {
            name: 'set',
            type: 1,
            options: [
              { name: 'points', type: 4, value: 120 },
              { name: 'ranked', type: 5, value: true },
              { name: 'size', type: 3, value: 'lg' },
              { name: 'who', type: 6, value: bob },
            ],
          },
        ],
      },
    ]);
    expect(data.resolved?.users?.[bob]?.username).toBe('bob');
    // As the client takes it, typed in any case: the bot's hints write `charge:True`.
    for (const [typed, value] of [
      ['True', true],
      ['FALSE', false],
    ] as const) {
      const opts = commandData(world, command, { user: 'alice', name: 'match admin set', options: { points: '1', ranked: typed } }).options;
      expect(JSON.stringify(opts)).toContain(`"name":"ranked","type":5,"value":${value}`);
    }
    expect(data.resolved?.members?.[bob]?.roles).toEqual([]);
  });

  it('refuses what the Discord client would not send', () => {
    const run = (options: Record<string, unknown>) => () =>
      commandData(world, command, { user: 'alice', name: 'match', group: 'admin', subcommand: 'set', options });
    expect(run({})).toThrow(/needs option "points"/);
    expect(run({ points: 1.5 })).toThrow(/whole number/);
    expect(run({ points: 1, size: 'huge' })).toThrow(/one of: Small, Large/);
    expect(run({ points: 1, colour: 'red' })).toThrow(/no option "colour"/);
    expect(run({ points: 1, ranked: 'yes' })).toThrow(/needs true or false/);
    expect(() => commandData(world, command, { user: 'alice', name: 'match' })).toThrow(/pick a subcommand/);
  });

  it('reads "a b c" as command, group and subcommand', () => {
    expect(splitCommandName({ name: '/match admin set' })).toEqual({ name: 'match', group: 'admin', subcommand: 'set' });
    expect(splitCommandName({ name: 'match start' })).toEqual({ name: 'match', group: undefined, subcommand: 'start' });
  });
});

describe('ids and files', () => {
  it('mints ids that always increase and decode to their time; seeded ids are fixed', () => {
    const mint = snowflakeMint(() => Date.UTC(2025, 0, 1));
    const ids = Array.from({ length: 5 }, () => BigInt(mint.next()));
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0n))).toBe(true);
    expect(snowflakeTime(String(ids[0]))).toBe('2025-01-01T00:00:00.000Z');
    expect(snowflakeMint().fixed(1)).toBe(snowflakeMint().fixed(1));
  });

  it('describes uploads as Discord does: safe names, sniffed types, image sizes', () => {
    expect(sanitiseFilename('my map (1).png')).toBe('my_map_1.png');
    expect(contentTypeOf('x.bin', png(1, 1))).toBe('image/png');
    expect(contentTypeOf('band.json', Buffer.from('{}'))).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('band', Buffer.from('{}'), 'application/octet-stream')).toBe('application/octet-stream');
    expect(imageSize(png(7, 5))).toEqual({ width: 7, height: 5 });
    expect(imageSize(Buffer.from('not an image'))).toBeNull();
  });
});
