/** The language switch: a small select in a header, labelled in each language's own words. */
import { LANGS, type Lang, setLang, t, useLang } from './index.ts';

export function LangSwitch() {
  const current = useLang();
  return (
    <select
      class="lang-switch"
      data-testid="lang"
      aria-label={t('lang.label')}
      title={t('lang.label')}
      value={current}
      onChange={(e) => setLang((e.target as HTMLSelectElement).value as Lang)}
    >
      {LANGS.map((l) => (
        <option key={l} value={l}>
          {t(`lang.${l}`)}
        </option>
      ))}
    </select>
  );
}
