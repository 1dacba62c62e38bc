import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../lib/usePageTitle';

export default function NotFoundPage() {
  usePageTitle('404 Not Found');
  return (
    <Flex direction="column" alignItems="center" gap="medium" className="page page--narrow not-found">
      <Heading level={1} className="page-title" tabIndex={-1}>
        404 Not Found
      </Heading>
      <Text textAlign="center">Sorry, the page you are looking for does not exist or has moved.</Text>
      <RouterLink className="button-link button-link--primary" to="/">
        Go to the home page
      </RouterLink>
    </Flex>
  );
}
