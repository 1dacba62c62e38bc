import { Card, Flex, Text } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { usePageTitle } from '../../lib/usePageTitle';
import styles from './ComingSoon.module.css';

function ComingSoon({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <Flex direction="column" gap="large" className="page page--medium">
      <PageTitle>{title}</PageTitle>
      <Card variation="outlined" className={styles.comingSoon}>
        <Text fontSize="xl" fontWeight="bold">
          Coming Soon!
        </Text>
        <Text marginTop="xs">{text}</Text>
      </Card>
    </Flex>
  );
}

export function DocumentsPage() {
  return <ComingSoon title="Documents" text="A place for your church's shared documents is on its way." />;
}
