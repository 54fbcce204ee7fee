import '../app/full-styles';
import { Alert, Anchor, Box, Container, SimpleGrid, Text } from '@mantine/core';
import { Navigate } from 'react-router';
import { LoginPage } from '../account/login-page';
import { usePageTitle } from '../app/page-title';
import { useCurrentUser } from '../app/session';
import { isShopper, isStaff } from './evaluator-roles';
import { ShopperSignupForm } from './shopper-signup-form';

/**
 * /evaluator: the login and the 'Become a shopper' sign-up for visitors; shoppers go on to the open
 * visits and reviewers to the QA queue.
 */
export function EvaluatorHomePage() {
  const { user } = useCurrentUser();
  usePageTitle('Evaluator Login');
  if (user && isShopper(user)) return <Navigate to="/evaluator/visits" replace />;
  if (user && isStaff(user)) return <Navigate to="/evaluator/qa" replace />;
  if (user) {
    return (
      <Alert color="blue" title="This is a customer account" maw={560} mx="auto" mt="xl">
        The evaluator app is for mystery shoppers and reviewers. To work as a shopper,{' '}
        <Anchor href="/logout">log out</Anchor> and sign up with another e-mail address.
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="evaluator-home">
      <Box>
        <LoginPage
          title="Evaluator Login"
          fallback="/evaluator"
          footer={
            <Text size="sm" c="dimmed">
              New to mystery shopping?{' '}
              <Anchor href="#become-a-shopper" fw={600}>
                Become a shopper
              </Anchor>
            </Text>
          }
        />
      </Box>
      {/* The same width and spacing as the login card beside it. */}
      <Container id="become-a-shopper" size={460} w="100%" pt={{ base: 0, md: 48 }} pb={48}>
        <ShopperSignupForm />
      </Container>
    </SimpleGrid>
  );
}
