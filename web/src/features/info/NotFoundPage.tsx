import { Flex, Text } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../lib/usePageTitle';
import { cx } from '../../lib/classNames';
import styles from './NotFoundPage.module.css';

export default function NotFoundPage() {
  usePageTitle('404 Not Found');
  return (
    <Flex direction="column" alignItems="center" gap="medium" className={cx(styles.notFound, 'page page--narrow')}>
      <PageTitle>404 Not Found</PageTitle>
      <Text textAlign="center">Sorry, the page you are looking for does not exist or has moved.</Text>
      <RouterLink className="button-link button-link--primary" to="/">
        Go to the home page
      </RouterLink>
    </Flex>
  );
}
