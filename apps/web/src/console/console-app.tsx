import { useCallback, useEffect, useMemo, useState } from 'react';
import { navigate, pageOf, usePath } from './navigation';
import { EnrolPage } from './pages/enrol';
import { Shell } from './pages/shell';
import { SignInPage } from './pages/sign-in';
import { type ConsoleLanguage, initialLanguage, keepLanguage, TextsContext, textsFor } from './texts';

/** The operator console: enrolment, sign-in, and the sections the operator's role may open. */
export function ConsoleApp() {
  const path = usePath();
  const page = pageOf(path);
  const [language, setLanguage] = useState<ConsoleLanguage>(initialLanguage);
  const texts = useMemo(() => textsFor(language), [language]);
  useEffect(() => {
    document.documentElement.lang = texts.lang;
  }, [texts]);
  const switchLanguage = () => {
    const next = language === 'EN' ? 'CN' : 'EN';
    keepLanguage(next);
    setLanguage(next);
  };
  const [notice, setNotice] = useState<string | null>(null);
  const expired = texts.signIn.expired;
  const signedOut = useCallback(
    (ended: boolean) => {
      setNotice(ended ? expired : null);
      navigate('/console/sign-in', true);
    },
    [expired],
  );
  const signedIn = useCallback(() => {
    setNotice(null);
    navigate('/console', true);
  }, []);
  return (
    <TextsContext.Provider value={texts}>
      {page.kind === 'enrol' ? (
        <EnrolPage onLanguage={switchLanguage} />
      ) : page.kind === 'sign-in' ? (
        <SignInPage notice={notice} onLanguage={switchLanguage} onSignedIn={signedIn} />
      ) : (
        <Shell
          section={page.section}
          player={page.player}
          onLanguage={switchLanguage}
          onSignedOut={signedOut}
        />
      )}
    </TextsContext.Provider>
  );
}
