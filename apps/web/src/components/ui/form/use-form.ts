import { type FormEvent, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { checkRule, type ValidationRule } from '../../../lib/account/rules';

/**
 * What a check says about a field: nothing (null, undefined or ''), a text to show as it is, or a
 * problem key (`checkRule`'s `FieldProblem`, a server's `details` key) that the form's `describe`
 * turns into a text.
 */
export type Problem = string | { key: string; message?: string } | null | undefined;

export type FormValues = object;

export interface FormOptions<V extends FormValues> {
  initial: V | (() => V);
  /** The merchant's rules (`ValidationRule`), checked by the contract's `checkRule`, per field. */
  rules?: { readonly [K in keyof V]?: ValidationRule | undefined };
  /** A field's own check beyond its rule (run when the rule passes). */
  validators?: { readonly [K in keyof V]?: (value: V[K], values: V) => Problem };
  /** A check of the whole form (a contract validator such as `validateRegistration`), by field. */
  validate?: (values: V) => Readonly<Record<string, Problem>>;
  /** Fields without a rule that may stay empty (no * mark); fields with a rule follow it. */
  optional?: readonly (keyof V & string)[];
  /** The text of a problem key for a field (the accounts forms: `problemText`). */
  describe?: (problem: { key: string; message?: string }, field: string) => string;
  /** A submit stopped by the checks (the login's format warning), with the errors shown. */
  onInvalid?: (errors: Readonly<Record<string, string>>) => void;
  /** Called with valid values only, never twice at once; field and form errors go through `form`. */
  onSubmit: (values: V, form: Form<V>) => unknown;
}

/** The props a field component takes from the form (`TextField`, `PasswordField`, `MobileField`…). */
export interface BoundField<T, N extends string = string> {
  name: N;
  value: T;
  onChange: (value: T) => void;
  error: string | undefined;
  /** Not required: no * mark, no aria-required. */
  optional: boolean;
}

export interface Form<V extends FormValues> {
  values: V;
  /** Field errors as texts, by field name (a server's field may be one the form does not show). */
  errors: Readonly<Record<string, string>>;
  /** A failure of the whole form (a call that failed), shown by `FormFailure`. */
  failure: string | null;
  /** A submit is running: further submits are ignored. */
  submitting: boolean;
  /** A submit has been tried at least once. */
  submitted: boolean;
  /** Fields the member has changed. */
  touched: Readonly<Partial<Record<keyof V & string, true>>>;
  /** Binds a field: value, change (its error goes on its first valid change), error, required. */
  field: <K extends keyof V & string>(name: K) => BoundField<V[K], K>;
  /** Changes a value as the member would. */
  setValue: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** Replaces values without checks (a mode switch, a refreshed captcha). */
  setValues: (values: Partial<V>) => void;
  /** Sets one field's error (a server's verdict) and moves focus to the first field in error. */
  setError: (name: string, problem: Problem) => void;
  /** Replaces all field errors and moves focus to the first field in error, if any. */
  setErrors: (problems: Readonly<Record<string, Problem>>) => void;
  setFailure: (text: string | null) => void;
  /** Every check of the values, as texts by field. */
  check: (values?: V) => Record<string, string>;
  /** The form's submit handler: checks everything, focuses the first problem or calls onSubmit. */
  submit: (event?: FormEvent) => Promise<void>;
  /** Spread on the `<form>`: its ref (for focus), noValidate and the submit handler. */
  props: {
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (event: FormEvent) => void;
  };
}

const isProblem = (p: Problem): p is NonNullable<Problem> => p !== null && p !== undefined && p !== '';

/**
 * One form's state and checks (STYLE: the one way forms validate): values, per-field errors, the
 * form-level failure and the submitting flag, with the merchant's rules through the shared
 * `checkRule`, the same evaluator the server runs.
 */
export function useForm<V extends FormValues>(options: FormOptions<V>): Form<V> {
  const opts = useRef(options);
  opts.current = options;
  const formRef = useRef<HTMLFormElement | null>(null);
  const [values, setValuesState] = useState<V>(options.initial);
  const valuesRef = useRef(values);
  const [errors, setErrorsState] = useState<Readonly<Record<string, string>>>({});
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<keyof V & string, true>>>({});
  const [focusRequest, setFocusRequest] = useState(0);

  // After the errors are on the page: the first field marked invalid, in the page's order.
  useLayoutEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const text = (problem: NonNullable<Problem>, field: string): string => {
    if (typeof problem === 'string') return problem;
    return opts.current.describe?.(problem, field) ?? problem.message ?? problem.key;
  };

  const check = (current: V = valuesRef.current): Record<string, string> => {
    const { rules = {}, validators = {}, validate } = opts.current;
    const out: Record<string, string> = {};
    const put = (field: string, p: Problem) => {
      if (isProblem(p) && out[field] === undefined) out[field] = text(p, field);
    };
    const record = current as Record<string, unknown>;
    for (const [field, rule] of Object.entries(rules) as [string, ValidationRule | undefined][]) {
      if (!rule) continue;
      const value = record[field];
      put(
        field,
        checkRule(rule, typeof value === 'string' && rule.type !== 'password' ? value.trim() : value),
      );
    }
    for (const [field, validator] of Object.entries(validators) as [
      string,
      ((value: unknown, values: V) => Problem) | undefined,
    ][]) {
      if (validator) put(field, validator(record[field], current));
    }
    for (const [field, p] of Object.entries(validate?.(current) ?? {})) put(field, p);
    return out;
  };

  const showErrors = (next: Record<string, string>) => {
    setErrorsState(next);
    if (Object.keys(next).length > 0) setFocusRequest((n) => n + 1);
  };

  const texts = (problems: Readonly<Record<string, Problem>>) => {
    const out: Record<string, string> = {};
    for (const [field, p] of Object.entries(problems)) if (isProblem(p)) out[field] = text(p, field);
    return out;
  };

  const setValue = <K extends keyof V & string>(name: K, value: V[K]) => {
    const next = { ...valuesRef.current, [name]: value };
    valuesRef.current = next;
    setValuesState(next);
    setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
    // A field's error goes on its first valid change, not at the next submit; others stay.
    if (errorsRef.current[name] !== undefined && check(next)[name] === undefined) {
      setErrorsState((prev) => {
        if (prev[name] === undefined) return prev;
        const { [name]: _, ...rest } = prev;
        return rest;
      });
    }
  };
  const isOptional = (name: keyof V & string) => {
    const rule = opts.current.rules?.[name];
    if (rule) return !(rule.enabled && rule.required);
    return opts.current.optional?.includes(name) ?? false;
  };

  const form: Form<V> = {
    values,
    errors,
    failure,
    submitting,
    submitted,
    touched,
    field: (name) => ({
      name,
      value: values[name],
      onChange: (value) => setValue(name, value),
      error: errors[name],
      optional: isOptional(name),
    }),
    setValue,
    setValues: (partial) => {
      const next = { ...valuesRef.current, ...partial };
      valuesRef.current = next;
      setValuesState(next);
    },
    setError: (name, problem) => {
      const next: Record<string, string> = { ...errorsRef.current };
      if (isProblem(problem)) next[name] = text(problem, name);
      else delete next[name];
      errorsRef.current = next;
      showErrors(next);
    },
    setErrors: (problems) => {
      const next = texts(problems);
      errorsRef.current = next;
      showErrors(next);
    },
    setFailure,
    check,
    submit: async (event) => {
      event?.preventDefault();
      if (submittingRef.current) return;
      setSubmitted(true);
      setFailure(null);
      const current = valuesRef.current;
      const problems = check(current);
      errorsRef.current = problems;
      showErrors(problems);
      if (Object.keys(problems).length > 0) {
        opts.current.onInvalid?.(problems);
        return;
      }
      submittingRef.current = true;
      setSubmitting(true);
      try {
        await opts.current.onSubmit(current, latest.current);
      } finally {
        submittingRef.current = false;
        setSubmitting(false);
      }
    },
    props: {
      ref: formRef,
      noValidate: true,
      onSubmit: (event) => void latest.current.submit(event),
    },
  };
  const latest = useRef(form);
  latest.current = form;
  return form;
}
