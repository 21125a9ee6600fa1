/**
 * Small builders for prompt messages: rows of buttons (5 to a row, 5 rows) and select menus, with
 * ids from the one codec.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import { encodeComponentId, type ComponentAction } from './codec';

export type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export interface ButtonSpec {
  readonly label: string;
  readonly arg: string;
  readonly style?: ButtonStyle;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function buttonRows(action: ComponentAction, match: string, seq: number, buttons: readonly ButtonSpec[]): Row[] {
  const rows: Row[] = [];
  buttons.slice(0, 25).forEach((b, i) => {
    if (i % 5 === 0) rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>());
    rows[rows.length - 1]!.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeComponentId({ action, match, seq, arg: b.arg }))
        .setLabel(cut(b.label, 80))
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
    .setPlaceholder(cut(placeholder, 150))
    .addOptions(
      options.slice(0, 25).map((o) => ({ label: cut(o.label, 100), value: o.value, ...(o.description ? { description: cut(o.description, 100) } : {}) })),
    );
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(menu);
}
