import { Card, Flex, Text } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../lib/usePageTitle';
import { SignInForm } from '../../components/SignInForm';
import authStyles from './authPages.module.css';

export default function LoginPage() {
  usePageTitle('Sign In');
  return (
    <Flex justifyContent="center" className="page page--narrow">
      <Card variation="elevated" className="form-card">
        <PageTitle>Sign In</PageTitle>
        <Text className="muted" marginBottom="medium">
          Sign in to your church directory.
        </Text>
        <SignInForm idPrefix="login" />
        <Text className={authStyles.cardFooterLinks}>
          New here? <RouterLink to="/create-account">Join your existing church directory</RouterLink> or{' '}
          <RouterLink to="/register-organization">Register Your Church</RouterLink>.
        </Text>
      </Card>
    </Flex>
  );
}
