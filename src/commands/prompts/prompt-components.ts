/**
 * Small builders for prompt messages: rows of buttons (5 to a row, 5 rows) and select menus, with
 * ids from the one codec.
 */
import { DiscordLimit } from '../../discord/limits';
import { clip } from '../../discord/text';
// The builders and the enum from their own packages, not through discord.js: the render workers build
// prompts too (bot/render-worker-main.ts), and discord.js would add its whole client to each one's memory.
import { ActionRowBuilder, ButtonBuilder, StringSelectMenuBuilder, type MessageActionRowComponentBuilder } from '@discordjs/builders';
import { ButtonStyle } from 'discord-api-types/v10';
import { encodeComponentId, type ComponentAction } from '../codec';

export type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export interface ButtonSpec {
  readonly label: string;
  readonly arg: string;
  readonly style?: ButtonStyle;
}

export function buttonRows(action: ComponentAction, match: string, seq: number, buttons: readonly ButtonSpec[]): Row[] {
  const rows: Row[] = [];
  buttons.slice(0, DiscordLimit.rows * DiscordLimit.perRow).forEach((b, i) => {
    if (i % 5 === 0) rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>());
    rows[rows.length - 1]!.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeComponentId({ action, match, seq, arg: b.arg }))
        .setLabel(clip(b.label, 'buttonLabel'))
        .setStyle(b.style ?? ButtonStyle.Primary),
    );
  });
  return rows;
}

export interface OptionSpec {
  readonly label: string;
  readonly value: string;
  readonly description?: string;
}

/** A select menu; the chosen value is the argument. `tag` keeps several menus of one action apart. */
export function selectRow(action: ComponentAction, match: string, seq: number, placeholder: string, options: readonly OptionSpec[], tag = ''): Row {
  const menu = new StringSelectMenuBuilder()
    .setCustomId(encodeComponentId({ action, match, seq, arg: tag }))
    .setPlaceholder(clip(placeholder, 'selectPlaceholder'))
    .addOptions(
      options.slice(0, DiscordLimit.selectOptions).map((o) => ({
        label: clip(o.label, 'selectOptionLabel'),
        value: o.value,
        ...(o.description ? { description: clip(o.description, 'selectOptionDescription') } : {}),
      })),
    );
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(menu);
}

/** A game's prompt parts (plain buttons and menus) as rows, their ids carrying this match and sequence number. */
export function promptRows(match: string, seq: number, parts: readonly PromptPart[]): Row[] {
  return parts.flatMap((p) =>
    'buttons' in p
      ? buttonRows(
          p.action,
          match,
          seq,
          p.buttons.map((b) => ({ label: b.label, arg: b.arg, ...(b.style === 'secondary' ? { style: ButtonStyle.Secondary } : {}) })),
        )
      : [selectRow(p.action, match, seq, p.menu, p.options, p.tag)],
  );
}

/** One part of a game's prompt: buttons, or a menu whose chosen value is the argument. */
export type PromptPart =
  | { readonly action: string; readonly buttons: readonly { readonly label: string; readonly arg: string; readonly style?: 'secondary' }[] }
  | { readonly action: string; readonly menu: string; readonly options: readonly OptionSpec[]; readonly tag?: string };
