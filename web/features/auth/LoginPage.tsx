import { Text, Title } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { useState } from 'react';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import classes from './LoginPage.module.css';
import { MarketingCard } from './MarketingCard';

type View = 'login' | 'forgot';

/**
 * docs/domains/accounts.md "Screens and routes": sign-in and forgot-password share the page; switching does not change the URL.
 * The layout is plain CSS: this page has a JavaScript budget (docs/domains/conventions.md "Performance budgets") and layout needs none.
 */
export default function LoginPage() {
  const [view, setView] = useState<View>('login');
  return (
    <div className={classes.page}>
      <div className={classes.columns}>
        <main className={classes.form}>
          <div className={classes.brand}>
            <IconMusic size={26} aria-hidden /> Cadenza
          </div>
          {view === 'login' ? (
            <>
              <div>
                <Title order={1}>Welcome to Cadenza</Title>
                <Text c="dimmed" mt={4}>
                  Sign in to run your music school
                </Text>
              </div>
              <LoginForm onForgotPassword={() => setView('forgot')} />
            </>
          ) : (
            <ForgotPasswordForm onBack={() => setView('login')} />
          )}
        </main>
        <MarketingCard />
      </div>
    </div>
  );
}
