/**
 * The form kit: `useForm` and the fields. Not part of `components/ui`'s index: it loads with the
 * forms (it reads the accounts texts and the contract's rule evaluator), outside the first load.
 */
export { FormFailure } from './form-failure';
export { PasswordField, SecretField, type SecretFieldProps } from './password-field';
export { RequiredNote } from './required-note';
export { describedBy, FieldLabel, type FieldLook, FieldMessages, TextField } from './text-field';
export {
  type BoundField,
  type Form,
  type FormOptions,
  type FormValues,
  type Problem,
  useForm,
} from './use-form';
