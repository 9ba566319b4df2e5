import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerNavigator } from '../../lib/navigation';

/** Hands the router's navigate to the api client (its 402 handling moves to /dashboard). */
export function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((path) => navigate(path)), [navigate]);
  return null;
}
