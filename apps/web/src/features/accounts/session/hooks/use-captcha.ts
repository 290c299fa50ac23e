import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptcha } from '../api/verification';
import { useThrottle } from './timers';

export interface CaptchaState {
  /** A data: URL of the SVG challenge, null while loading. */
  image: string | null;
  captchaId: string | null;
  /** Fetches a new challenge; at most once per second (spec §9). */
  refresh: () => void;
}

/** The image captcha (GET /wps/captcha) while `shown`; every answer is good for one try. */
export function useCaptcha(shown: boolean): CaptchaState {
  const gate = useThrottle();
  const [image, setImage] = useState<string | null>(null);
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const refresh = useCallback(() => {
    if (!gate()) return;
    getCaptcha()
      .then((value) => {
        if (!live.current) return;
        setImage(value.image.startsWith('data:') ? value.image : `data:image/svg+xml;base64,${value.image}`);
        setCaptchaId(value.captchaId);
      })
      .catch(() => {
        // The image stays as it was; the refresh button can try again.
      });
  }, [gate]);

  useEffect(() => {
    if (shown && !captchaId) refresh();
  }, [shown, captchaId, refresh]);

  return { image, captchaId, refresh };
}
