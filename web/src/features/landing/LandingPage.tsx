import { Card, Flex, Grid, Heading, Text, View } from '@aws-amplify/ui-react';
import { Link as RouterLink } from 'react-router-dom';
import { Icon, type IconName } from '../../components/Icon';
import { usePageTitle } from '../../lib/usePageTitle';
import { SignInForm } from '../../components/SignInForm';
import { cx } from '../../lib/classNames';
import styles from './LandingPage.module.css';

const HIGHLIGHTS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'person',
    title: 'Member Information',
    text: 'Names, birthdays, cellphones and email addresses, kept current by the people who know them best.',
  },
  {
    icon: 'family',
    title: 'Family View',
    text: 'Each household on one card: address, home phone, anniversary, photo and everyone who lives there.',
  },
  {
    icon: 'map',
    title: 'Member Maps',
    text: 'See where your church family lives, to plan visits, care teams and carpools.',
  },
  {
    icon: 'book',
    title: 'Create Bible Studies',
    text: 'Write Bible studies and share them with your congregation or keep them for your group.',
  },
  {
    icon: 'phone',
    title: 'Mobile App',
    text: 'The directory in your pocket on Android and iOS, with the same sign-in.',
  },
  {
    icon: 'group',
    title: 'Member Groups',
    text: 'Choir, deacons, youth, small groups: gather members into groups and give each a role.',
  },
];

const ACCOUNT_FEATURES = [
  '1 year free trial, then $10 per month',
  'Unlimited free member accounts',
  'Unlimited admin users',
  'Printable PDF directory',
  'Bible studies you can create and share',
  'Android and iOS mobile apps',
];

export default function LandingPage() {
  usePageTitle('Welcome');
  return (
    <View className="landing">
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <div className="hero__copy">
            <Heading level={1} id="hero-title" className={cx(styles.heroTitle, 'page-title')} tabIndex={-1}>
              Your church family, all in one place
            </Heading>
            <Text className={styles.heroLead}>
              A simple, private directory for your church: families, members, birthdays, anniversaries and groups, kept
              up to date together by your staff and your members.
            </Text>
          </div>
          <Card variation="elevated" className={styles.signinCard} as="section" aria-labelledby="signin-card-title">
            <Heading level={2} id="signin-card-title" marginBottom="medium">
              Sign In
            </Heading>
            <SignInForm idPrefix="landing" />
            <Flex direction="column" gap="xs" className={styles.signinCardLinks}>
              <RouterLink to="/create-account">Join your existing church directory</RouterLink>
              <RouterLink to="/register-organization">Register Your Church</RouterLink>
            </Flex>
          </Card>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="features-title">
        <Heading level={2} id="features-title" className={styles.sectionTitle}>
          Everything your congregation needs to stay connected
        </Heading>
        <Text className={styles.sectionLead}>
          Administrators keep the directory; members keep their own family up to date. Everyone sees the same, current
          information, and nothing leaves your church.
        </Text>
        <Grid className={styles.highlights} as="ul">
          {HIGHLIGHTS.map((h) => (
            <li key={h.title} className={styles.highlight}>
              <span className={styles.highlightIcon}>
                <Icon name={h.icon} size={28} />
              </span>
              <Heading level={3} className={styles.highlightTitle}>
                {h.title}
              </Heading>
              <Text>{h.text}</Text>
            </li>
          ))}
        </Grid>
      </section>

      <section className={cx(styles.section, styles.sectionTinted)} aria-labelledby="account-title">
        <Card variation="outlined" className={styles.accountCard}>
          <Heading level={2} id="account-title" className={styles.sectionTitle}>
            Account features
          </Heading>
          <ul className={styles.checklist}>
            {ACCOUNT_FEATURES.map((f) => (
              <li key={f}>
                <Icon name="check" size={20} className={styles.checklistIcon} />
                <span>{f}</span>
              </li>
            ))}
          </ul>
          <Flex gap="small" wrap="wrap" justifyContent="center">
            <RouterLink className="button-link button-link--primary" to="/register-organization">
              Register Your Church
            </RouterLink>
          </Flex>
        </Card>
      </section>
    </View>
  );
}
