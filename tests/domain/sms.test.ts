import { describe, expect, it } from 'vitest';
import { smsLength, smsSegments } from '../../domain/sms';

/** The SMS length staff see as they type is the one the channels store: one rule in domain/sms.ts. */
describe('the length of an SMS', () => {
  it.each([
    ['empty', '', { encoding: 'gsm7', characters: 0, segments: 1, perSegment: 160 }],
    ['160 Latin', 'a'.repeat(160), { encoding: 'gsm7', characters: 160, segments: 1, perSegment: 160 }],
    ['161 Latin', 'a'.repeat(161), { encoding: 'gsm7', characters: 161, segments: 2, perSegment: 153 }],
    [
      '80 euro signs (two places each)',
      '€'.repeat(80),
      { encoding: 'gsm7', characters: 160, segments: 1, perSegment: 160 },
    ],
    ['70 Georgian', 'ა'.repeat(70), { encoding: 'ucs2', characters: 70, segments: 1, perSegment: 70 }],
    ['71 Georgian', 'ა'.repeat(71), { encoding: 'ucs2', characters: 71, segments: 2, perSegment: 67 }],
    ['138 Russian', 'Привет'.repeat(23), { encoding: 'ucs2', characters: 138, segments: 3, perSegment: 67 }],
  ] as const)('%s', (_label, text, expected) => {
    expect(smsLength(text)).toEqual(expected);
    expect(smsSegments(text)).toBe(expected.segments);
  });
});
