import { useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { fr } from '../i18n/fr';
import { bootstrap } from './bootstrap';

export function App() {
  const [isReady, setIsReady] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(() => {
    bootstrap().then(
      () => setIsReady(true),
      () => setHasFailed(true),
    );
  }, []);
  if (hasFailed) return <p role="alert">{fr.app.unexpectedError}</p>;
  if (!isReady) return <p className="page-loading">{fr.app.loading}</p>;
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
