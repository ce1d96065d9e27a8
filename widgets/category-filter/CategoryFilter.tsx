import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { useWidgetId } from '../lib/ids';
import { DESKTOP_QUERY, useMediaQuery } from '../ui/useMediaQuery';
import { filterCountPath, type FilterChoices, type FilterCriteria } from '../../server/catalog/filter';
import { criteriaOf, filterUrl, fromFallbackForm, major, navigation, safeChoices, stateFrom, stateFromForm, storeCriteria, type FilterState } from './criteria';

export interface CategoryFilterProps {
  categoryId?: number;
  base?: string;
  total?: number;
  choices?: unknown;
  criteria?: unknown;
}

/**
 * Asks the server how many products match; a newer question makes older answers irrelevant. A GET
 * at the question's one canonical address (decision 193), which the server may answer from its
 * cache when other shoppers asked the same.
 */
async function countMatches(categoryId: number, criteria: FilterCriteria, choices: FilterChoices, signal: AbortSignal): Promise<number> {
  const { api } = await import('../lib/api');
  const path = filterCountPath(categoryId, criteria, choices.attributes.map((a) => a.code));
  const answer = await api.get(path.slice('/api/'.length), { signal }).json<{ count: number }>();
  return answer.count;
}

/**
 * Spec 2 and 4: attribute choices and a price range, a live count of matching products on every
 * change, Apply (stores the criteria, opens the canonical filter address) and Cancel (resets all).
 * Collapsed by default on phones, with a toggle.
 */
export function CategoryFilter({ categoryId = 0, base = '/', total, choices: rawChoices, criteria, fallbackOpen, fallbackForm, fallbackData }: WidgetProps<CategoryFilterProps>) {
  const { i18n } = useLingui();
  const id = useWidgetId();
  // Our pages write the choices and the applied filter only into the fallback form (decision 190);
  // define.ts reads it before the first render replaces it. Embedders may pass them as JSON instead.
  const written = rawChoices === undefined ? (fallbackData as ReturnType<typeof fromFallbackForm> | undefined) ?? null : null;
  const choices = written ? written.choices : safeChoices(rawChoices);
  const initialKey = JSON.stringify(criteria ?? null);
  const initial = useRef(written && criteria === undefined ? written.state : stateFrom(criteria));
  const appliedKey = useRef(initialKey);
  // The code waits for the first touch (decision 166): what the shopper ticked in the server's form is kept.
  const [state, setState] = useState<FilterState>(() => {
    const left = fallbackForm ? stateFromForm(fallbackForm, choices) : initial.current;
    return JSON.stringify(criteriaOf(left, choices)) === JSON.stringify(criteriaOf(initial.current, choices)) ? initial.current : left;
  });
  /** The server already counted the state the page was rendered with. */
  const skipCount = useRef(state === initial.current);
  // Props may arrive after the first render (the element upgrades, then gets its attributes).
  useEffect(() => {
    if (appliedKey.current === initialKey) return;
    appliedKey.current = initialKey;
    initial.current = stateFrom(criteria);
    skipCount.current = true;
    setState(initial.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialKey]);
  const [count, setCount] = useState<number | null>(typeof total === 'number' ? total : null);
  // A phone shopper who opened the server's <details> before the code came keeps it open.
  const [open, setOpen] = useState<boolean | null>(fallbackOpen ? true : null);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const expanded = open ?? desktop;

  useEffect(() => {
    if (skipCount.current) {
      skipCount.current = false;
      return;
    }
    const controller = new AbortController();
    countMatches(categoryId, criteriaOf(state, choices), choices, controller.signal).then(
      (n) => !controller.signal.aborted && setCount(n),
      () => !controller.signal.aborted && setCount(null),
    );
    return () => controller.abort();
    // choices come from the server and do not change while the page lives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, categoryId]);

  const toggle = (code: string, key: string, on: boolean) =>
    setState((s) => {
      const current = s.selected[code] ?? [];
      const next = on ? [...current.filter((k) => k !== key), key] : current.filter((k) => k !== key);
      return { ...s, selected: { ...s.selected, [code]: next } };
    });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const chosen = criteriaOf(state, choices);
    storeCriteria(categoryId, chosen);
    navigation.go(filterUrl(base, chosen, choices, location.search));
  };

  const cancel = () => {
    setState({ selected: {}, priceMin: '', priceMax: '' });
    storeCriteria(categoryId, null);
    const wasFiltered = Object.values(initial.current.selected).some((k) => k.length) || initial.current.priceMin !== '' || initial.current.priceMax !== '';
    if (wasFiltered) navigation.go(filterUrl(base, { attributes: {}, price: null }, choices, location.search));
  };

  const formId = `${id}-form`;
  return (
    <div className={expanded ? 'category-filter-widget category-filter-widget--open' : 'category-filter-widget'}>
      <button type="button" className="category-filter__toggle" aria-expanded={expanded ? 'true' : 'false'} aria-controls={formId} onClick={() => setOpen(!expanded)}>
        {i18n._('Filter')}
      </button>
      <form id={formId} className="category-filter" method="get" action={base} hidden={!expanded} onSubmit={apply}>
        <div className="category-filter__groups">
          {choices.attributes.map((attribute) => (
            <fieldset className="category-filter__group" key={attribute.code}>
              <legend className="category-filter__legend">{attribute.label}</legend>
              {attribute.options.map((option) => (
                <label className="category-filter__option" key={option.key}>
                  <input
                    type="checkbox"
                    name={attribute.code}
                    value={option.key}
                    checked={(state.selected[attribute.code] ?? []).includes(option.key)}
                    onChange={(e) => toggle(attribute.code, option.key, e.currentTarget.checked)}
                  />
                  {option.style?.background ? (
                    <svg className="category-filter__swatch" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                      <rect x="0.5" y="0.5" width="15" height="15" rx="4" fill={option.style.background} />
                    </svg>
                  ) : null}
                  <span>{option.label}</span>
                </label>
              ))}
            </fieldset>
          ))}
          {choices.price ? (
            <fieldset className="category-filter__group category-filter__group--price">
              <legend className="category-filter__legend">{i18n._('Cena')}</legend>
              <label className="category-filter__price">
                <span>{i18n._('Od')}</span>
                <input type="text" name="price_min" inputMode="decimal" autoComplete="off" value={state.priceMin} placeholder={major(choices.price[0])} onChange={(e) => {
                  const priceMin = e.currentTarget.value;
                  setState((s) => ({ ...s, priceMin }));
                }} />
              </label>
              <label className="category-filter__price">
                <span>{i18n._('Do')}</span>
                <input type="text" name="price_max" inputMode="decimal" autoComplete="off" value={state.priceMax} placeholder={major(choices.price[1])} onChange={(e) => {
                  const priceMax = e.currentTarget.value;
                  setState((s) => ({ ...s, priceMax }));
                }} />
              </label>
            </fieldset>
          ) : null}
        </div>
        <p className="category-filter__count" role="status" aria-live="polite">
          {count === null ? '' : i18n._('Nájdené produkty: {count}', { count })}
        </p>
        <div className="category-filter__actions">
          <button type="submit" className="button category-filter__apply">
            {i18n._('Použiť')}
          </button>
          <button type="button" className="button button--ghost category-filter__cancel" onClick={cancel}>
            {i18n._('Zrušiť')}
          </button>
        </div>
      </form>
    </div>
  );
}
