/**
 * The length of an SMS as the gateways count it. Text made only of the GSM 03.38 default alphabet (one septet each)
 * and its extension table (an escape and a septet: two) goes as GSM-7; anything else (Georgian, Russian, emoji) as
 * UCS-2. Shared by the SMS channels, which store the segments sent, and the screens, which count as staff type.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export interface SmsLength {
  encoding: 'gsm7' | 'ucs2';
  /** GSM-7 places (an extension character takes two) or UTF-16 units (an emoji takes two). */
  characters: number;
  segments: number;
  /** How many places one segment holds at this length: 160/153 (GSM-7) or 70/67 (UCS-2). */
  perSegment: number;
}

/**
 * SMS segments: GSM-7 text 160 places in one segment, 153 per segment when longer; anything else (Georgian,
 * Russian) is UCS-2: 70 in one, 67 per segment when longer. An empty text still goes out as one segment.
 */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (basic.has(ch)) septets += 1;
    else if (extension.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm)
    return septets <= 160
      ? { encoding: 'gsm7', characters: septets, segments: 1, perSegment: 160 }
      : { encoding: 'gsm7', characters: septets, segments: Math.ceil(septets / 153), perSegment: 153 };
  const units = text.length;
  return units <= 70
    ? { encoding: 'ucs2', characters: units, segments: 1, perSegment: 70 }
    : { encoding: 'ucs2', characters: units, segments: Math.ceil(units / 67), perSegment: 67 };
}

export const smsSegments = (text: string): number => smsLength(text).segments;
