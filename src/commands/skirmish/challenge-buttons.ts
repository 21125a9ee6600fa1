/** The Accept and Decline buttons on a challenge, and what they open (match-buttons.ts answers them). */
import { ButtonStyle } from 'discord-api-types/v10';
import type { MatchRow } from '../../store';
import { buttonRows, type Row } from '../prompts/prompt-components';

export function challengeButtons(row: MatchRow): Row[] {
  return buttonRows('challenge', row.id, 0, [
    { label: 'Accept', arg: 'accept', style: ButtonStyle.Success },
    { label: 'Decline', arg: 'decline', style: ButtonStyle.Secondary },
  ]);
}
