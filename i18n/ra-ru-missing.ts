/**
 * Keys that ra-language-english (5.15.x) has but ra-language-russian (5.4.5) lacks,
 * translated into Russian. Deep-merge it over ra-language-russian, e.g.
 * `mergeTranslations(russianMessages, raRuMissing)` from ra-core.
 * tests/domain/i18n.test.ts checks that the merge covers every English key.
 */
export const raRuMissing = {
  ra: {
    guesser: {
      empty: {
        title: 'Нет данных для отображения',
        message: 'Проверьте, пожалуйста, провайдер данных (dataProvider)',
      },
    },
  },
} satisfies Record<string, unknown>;
