/**
 * The GSM 03.38 default alphabet (one septet each) and its extension table (an escape and a septet: two).
 * Text made only of these is sent as GSM-7; anything else (Georgian, Russian, emoji) as UCS-2.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

/**
 * SMS segments: GSM-7 text 160 chars in one segment, 153 per segment when longer; anything else (Georgian,
 * Russian) is UCS-2: 70 in one, 67 per segment when longer. An extension character ({, €, …) takes two GSM places;
 * UCS-2 counts UTF-16 units (an emoji takes two). An empty text still goes out as one segment.
 */
export function smsSegments(text: string): number {
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
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  const units = text.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}
