import type { TFunction } from 'i18next';
import { commonErrorText, errorCodeOf, isApiError } from '../api';

/**
 * The member's-language text for a failed support call: the support catalogue for support codes,
 * the app's common error texts for the rest.
 */
export function supportErrorText(t: TFunction<'support'>, tc: TFunction, error: unknown): string {
  const code = errorCodeOf(error);
  switch (code) {
    case 'support.feedback.length': {
      const details = isApiError(error) ? error.details : undefined;
      return t('errors.length', { min: details?.minLength ?? '', max: details?.maxLength ?? '' });
    }
    case 'support.image.invalid':
    case 'payload.too.large':
      return t('errors.image');
    case 'support.chat.muted':
      return t('errors.muted');
    case 'support.chat.flood':
      return t('errors.flood');
    case 'support.message.not.found':
      return t('errors.notFound');
    case 'support.chat.room.unknown':
      return t('errors.roomUnknown');
    default:
      return commonErrorText(tc, error);
  }
}
