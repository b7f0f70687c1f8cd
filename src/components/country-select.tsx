import {
  useEffect,
  useId,
  useMemo,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, type CountryDefinition } from '../shared/constants/countries';
import { cx } from './class-names';
import styles from './country-select.module.css';
import fieldStyles from './field.module.css';
import { FieldLabel, FieldMessages, useFieldIds } from './text-field';

/**
 * The country selector of the UI kit (spec section 5): an editable combobox (WAI-ARIA 1.2
 * pattern) over the ISO 3166-1 list. Typing filters by the start of the name, ignoring case;
 * the list scrolls when it has more than 5 entries. Names are in the active language when the
 * browser's `Intl.DisplayNames` knows the region, else the English names of the list.
 *
 * Keyboard: ArrowDown opens and moves down, ArrowUp moves up, Enter picks the highlighted
 * country, Escape closes (a second Escape clears the typed text). Leaving the field keeps a
 * name typed in full, clears the value when the text was emptied, and otherwise restores the
 * selected country's name.
 */

export interface CountryOption {
  code: string;
  /** In the active language (or English). */
  name: string;
  /** English name of the list (also matched by the filter). */
  englishName: string;
}

/** More options than this and the list scrolls (spec section 5). */
export const COUNTRY_LIST_VISIBLE = 5;

function displayNames(language: string): Intl.DisplayNames | null {
  try {
    return typeof Intl.DisplayNames === 'function'
      ? new Intl.DisplayNames([language], { type: 'region', fallback: 'none' })
      : null;
  } catch {
    return null;
  }
}

/** The countries with their names in `language`, sorted for that language. */
export function localizedCountries(
  language: string,
  countries: readonly CountryDefinition[] = COUNTRIES,
): CountryOption[] {
  const names = language.startsWith('en') ? null : displayNames(language);
  const options = countries.map((country) => {
    let name: string | undefined;
    try {
      name = names?.of(country.code);
    } catch {
      name = undefined;
    }
    return {
      code: country.code,
      name: name && name !== country.code ? name : country.name,
      englishName: country.name,
    };
  });
  let collator: Intl.Collator | null = null;
  try {
    collator = new Intl.Collator(language);
  } catch {
    collator = null;
  }
  return options.sort((a, b) =>
    collator ? collator.compare(a.name, b.name) : a.name.localeCompare(b.name),
  );
}

/** A country's name in `language` (English when unknown); '' for an empty code. */
export function countryName(code: string, language: string): string {
  if (!code) return '';
  const country = COUNTRIES.find((entry) => entry.code === code);
  if (!country) return code;
  return localizedCountries(language, [country])[0]?.name ?? country.name;
}

/** Options whose name (active language or English) starts with `query`, ignoring case. */
export function filterCountries(options: readonly CountryOption[], query: string): CountryOption[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...options];
  return options.filter(
    (option) =>
      option.name.toLocaleLowerCase().startsWith(needle) ||
      option.englishName.toLocaleLowerCase().startsWith(needle),
  );
}

export interface CountrySelectProps {
  label: ReactNode;
  /** ISO 3166-1 alpha-2 code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  name?: string;
  /** Already translated message, shown inline. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** The countries offered (default: every ISO 3166-1 code). */
  countries?: readonly CountryDefinition[];
  className?: string;
  id?: string;
  /** On the text input; the list gets `<id>-listbox`, each option `<id>-option-<code>`. */
  'data-testid'?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function CountrySelect({
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
  hint,
  required,
  disabled,
  placeholder,
  countries = COUNTRIES,
  className,
  id,
  'data-testid': testId,
  inputRef,
}: CountrySelectProps) {
  const { t, i18n } = useTranslation('components');
  const language = i18n.language || 'en-US';
  const options = useMemo(() => localizedCountries(language, countries), [language, countries]);
  const selected = options.find((option) => option.code === value);
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  const listboxId = `${ids.controlId}-listbox`;
  const statusId = useId();

  /** null while not typing: the input shows the selected country's name. */
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const filtered = useMemo(() => filterCountries(options, query ?? ''), [options, query]);
  const activeIndex = Math.min(active, filtered.length - 1);
  const activeOption = open && activeIndex >= 0 ? filtered[activeIndex] : undefined;
  const optionId = (code: string) => `${ids.controlId}-option-${code}`;

  useEffect(() => {
    if (!activeOption) return;
    const element = document.getElementById(optionId(activeOption.code));
    element?.scrollIntoView?.({ block: 'nearest' });
    // optionId only depends on the control id
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeOption]);

  function openList(startAt?: number) {
    if (disabled) return;
    if (!open) {
      const index =
        startAt ??
        Math.max(
          0,
          filtered.findIndex((option) => option.code === value),
        );
      setActive(index);
    }
    setOpen(true);
  }

  function pick(option: CountryOption) {
    setQuery(null);
    setOpen(false);
    if (option.code !== value) onChange(option.code);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive(Math.min(activeIndex + 1, filtered.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'PageDown':
        if (open) {
          event.preventDefault();
          setActive(Math.min(activeIndex + COUNTRY_LIST_VISIBLE, filtered.length - 1));
        }
        break;
      case 'PageUp':
        if (open) {
          event.preventDefault();
          setActive(Math.max(activeIndex - COUNTRY_LIST_VISIBLE, 0));
        }
        break;
      case 'Enter':
        if (open && activeOption) {
          event.preventDefault(); // picking, not submitting the form
          pick(activeOption);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (query !== null) {
          event.preventDefault();
          setQuery(null);
        }
        break;
      default:
        break;
    }
  }

  function handleBlur() {
    if (query !== null) {
      const typed = query.trim().toLocaleLowerCase();
      const exact = options.find(
        (option) =>
          option.name.toLocaleLowerCase() === typed ||
          option.englishName.toLocaleLowerCase() === typed,
      );
      if (exact) {
        if (exact.code !== value) onChange(exact.code);
      } else if (typed === '' && value !== '') {
        onChange('');
      }
      setQuery(null);
    }
    setOpen(false);
    onBlur?.();
  }

  const scrolls = filtered.length > COUNTRY_LIST_VISIBLE;
  const describedBy = [ids.describedBy, open && filtered.length === 0 ? statusId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={cx(fieldStyles.field, styles.root, className)}>
      <FieldLabel htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      <div className={styles.control}>
        <input
          ref={inputRef}
          id={ids.controlId}
          name={name}
          type="text"
          role="combobox"
          className={cx(fieldStyles.control, styles.input)}
          value={query ?? selected?.name ?? ''}
          placeholder={placeholder ?? t('countrySelect.placeholder')}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeOption ? optionId(activeOption.code) : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy || undefined}
          data-testid={testId}
          data-value={value}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => openList()}
          onKeyDown={handleKeyDown}
          onBlur={handleBlur}
        />
        <button
          type="button"
          tabIndex={-1}
          className={styles.toggle}
          aria-label={t('countrySelect.toggle')}
          aria-controls={listboxId}
          aria-expanded={open}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) setOpen(false);
            else {
              document.getElementById(ids.controlId)?.focus();
              openList();
            }
          }}
        >
          <span className={styles.chevron} aria-hidden="true" />
        </button>
        <ul
          id={listboxId}
          role="listbox"
          aria-label={typeof label === 'string' ? label : undefined}
          className={cx(styles.listbox, scrolls && styles.scrollable)}
          hidden={!open || filtered.length === 0}
          data-testid={testId ? `${testId}-listbox` : undefined}
          data-scroll={scrolls || undefined}
        >
          {open
            ? filtered.map((option, index) => (
                <li
                  key={option.code}
                  id={optionId(option.code)}
                  role="option"
                  aria-selected={option.code === value}
                  className={cx(
                    styles.option,
                    index === activeIndex && styles.active,
                    option.code === value && styles.selected,
                  )}
                  data-testid={testId ? `${testId}-option-${option.code}` : undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (index !== activeIndex) setActive(index);
                  }}
                  onClick={() => pick(option)}
                >
                  {option.name}
                  {option.name !== option.englishName ? (
                    <span className={styles.secondary} lang="en">
                      {option.englishName}
                    </span>
                  ) : null}
                </li>
              ))
            : null}
        </ul>
        {open && filtered.length === 0 ? (
          <p id={statusId} role="status" className={styles.noMatch}>
            {t('countrySelect.noMatch', { query: (query ?? '').trim() })}
          </p>
        ) : null}
      </div>
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={hint} error={error} />
    </div>
  );
}
