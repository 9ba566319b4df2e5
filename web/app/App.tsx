import { BrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './routing/AppRoutes';
import { NavigatorBridge } from './routing/NavigatorBridge';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <NavigatorBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
