import { useQuery } from '@apollo/client';
import { Center, Loader } from '@mantine/core';
import { type ReactNode, useDeferredValue } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { TeamRole } from '../../domain';
import { graphql } from '../gql';
import type { CurrentUserQuery } from '../gql/graphql';

export const CURRENT_USER = graphql(`
  query CurrentUser {
    currentUser {
      _id
      email
      fullName
      admin
      roles
      scheduler
      profile {
        firstName
        lastName
        businessName
        phone
        additionalEmails
      }
    }
    viewer {
      _id
      fullName
      role
    }
  }
`);

export type CurrentUser = NonNullable<CurrentUserQuery['currentUser']>;

/**
 * The logged-in account and the caller's role in it (owner, admin or manager of the account's team);
 * `role` is null when anonymous or for a login taken off the team it belonged to; `viewerId` is the
 * login's own id and `personName` its name (the account's are `user._id` and `user.fullName`).
 */
export function useCurrentUser() {
  const { data, loading } = useQuery(CURRENT_USER, {
    fetchPolicy: 'cache-first',
  });
  const user = data?.currentUser ?? null;
  const viewer = data?.viewer ?? null;
  return {
    user,
    role: (viewer?.role ?? null) as TeamRole | null,
    viewerId: viewer?._id ?? null,
    /** A member of another account's team acts for that account (`user`) under their own name. */
    personName: (viewer && viewer._id !== user?._id ? viewer.fullName : user?.fullName) ?? '',
    loading: loading && !data,
  };
}

export function PageLoader() {
  return (
    // A screen tall, so the footer stays below the fold until the page arrives: a footer in view that
    // the page then pushes down counted as a layout shift on every page behind the login check.
    <Center py={80} mih="100vh" aria-busy="true" style={{ alignItems: 'flex-start' }}>
      <Loader />
    </Center>
  );
}

/** Pages that need a login send visitors to /login, then back. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  // The page behind the check appears as a transition, rendered in slices that let the browser answer
  // taps in between: the login's answer comes through Apollo's store, whose updates React renders in
  // one piece, and here that piece would be the whole page. (Already answered, as in a server-rendered
  // page, it renders at once.)
  const waiting = useDeferredValue(loading, loading);
  if (waiting) return <PageLoader />;
  if (!user)
    return (
      <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />
    );
  return <>{children}</>;
}
