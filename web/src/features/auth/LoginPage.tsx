import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../lib/usePageTitle';
import { SignInForm } from './SignInForm';

export default function LoginPage() {
  usePageTitle('Sign In');
  return (
    <Flex justifyContent="center" className="page page--narrow">
      <Card variation="elevated" className="form-card">
        <Heading level={1} className="page-title" tabIndex={-1}>
          Sign In
        </Heading>
        <Text className="muted" marginBottom="medium">
          Sign in to your church directory.
        </Text>
        <SignInForm idPrefix="login" />
        <Text className="card-footer-links">
          New here? <RouterLink to="/create-account">Join your existing church directory</RouterLink> or{' '}
          <RouterLink to="/register-organization">Register Your Church</RouterLink>.
        </Text>
      </Card>
    </Flex>
  );
}
