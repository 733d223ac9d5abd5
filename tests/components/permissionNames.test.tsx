import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../domain/permissions';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { permissionText } from '../../src/widgets';

/** Every permission is named and described in every language. */

describe('permissions are named and described in every language', () => {
  it.each(['ka', 'en', 'ru'] as const)('%s: no permission shows its code or a catalogue key', (locale) => {
    const translate = createI18nProvider(locale).translate;
    const names = new Set<string>();
    for (const permission of PERMISSIONS) {
      const { name, description } = permissionText(translate, permission);
      for (const text of [name, description]) {
        expect(text, permission).not.toMatch(/permission_texts\.|permission_groups\.|%\{/);
        expect(text, permission).not.toContain(permission);
        expect(text.length, permission).toBeGreaterThan(3);
      }
      names.add(name);
    }
    // one name per permission: two permissions never read the same
    expect(names.size).toBe(PERMISSIONS.length);
  });
});
