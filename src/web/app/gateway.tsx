import { useMutation } from '@apollo/client';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { gatewayPath } from '../../domain/order-navigation';
import { graphql } from '../gql';
import { clearOrderCookies } from './cookies';
import { PageLoader, useCurrentUser } from './session';

// Defined here, not with the account forms' documents, so the first page does not load those.
const LOGOUT = graphql(`
  mutation Logout {
    logout
  }
`);

/**
 * '/' reached inside the app (a link, the back button): logged-in users go to their account, visitors to
 * Get Started (gatewayPath, the rule the server's redirect of '/' follows); a loader while undecided.
 */
export function Gateway() {
  const { user, loading } = useCurrentUser();
  const { search } = useLocation();
  if (loading) return <PageLoader />;
  return <Navigate to={gatewayPath(user !== null, search)} replace />;
}

/** /logout: revoke the session, then a full load of /login. */
export function LogoutPage() {
  const [logout] = useMutation(LOGOUT);
  useEffect(() => {
    logout()
      .catch(() => undefined)
      // A shared phone keeps nothing of the evaluator app's offline data (a chunk of its own).
      .then(() => import('../evaluator/offline/clear').then((m) => m.clearOfflineData()))
      .catch(() => undefined)
      .finally(() => window.location.assign('/login'));
  }, [logout]);
  return <PageLoader />;
}

/** /new-order: clears the order id and services cookies, then starts at /order. */
export function NewOrder() {
  clearOrderCookies();
  return <Navigate to="/order" replace />;
}
