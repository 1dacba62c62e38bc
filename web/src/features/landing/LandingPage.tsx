import { Card, Flex, Grid, Heading, Text, View } from '@aws-amplify/ui-react';
import { Link as RouterLink } from 'react-router-dom';
import { Icon, type IconName } from '../../components/Icon';
import { usePageTitle } from '../../lib/usePageTitle';
import { SignInForm } from '../../components/SignInForm';

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
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__copy">
            <Heading level={1} id="hero-title" className="hero__title page-title" tabIndex={-1}>
              Your church family, all in one place
            </Heading>
            <Text className="hero__lead">
              A simple, private directory for your church: families, members, birthdays, anniversaries and groups, kept
              up to date together by your staff and your members.
            </Text>
          </div>
          <Card variation="elevated" className="signin-card" as="section" aria-labelledby="signin-card-title">
            <Heading level={2} id="signin-card-title" marginBottom="medium">
              Sign In
            </Heading>
            <SignInForm idPrefix="landing" />
            <Flex direction="column" gap="xs" className="signin-card__links">
              <RouterLink to="/create-account">Join your existing church directory</RouterLink>
              <RouterLink to="/register-organization">Register Your Church</RouterLink>
            </Flex>
          </Card>
        </div>
      </section>

      <section className="section" aria-labelledby="features-title">
        <Heading level={2} id="features-title" className="section__title">
          Everything your congregation needs to stay connected
        </Heading>
        <Text className="section__lead">
          Administrators keep the directory; members keep their own family up to date. Everyone sees the same, current
          information, and nothing leaves your church.
        </Text>
        <Grid className="highlights" as="ul">
          {HIGHLIGHTS.map((h) => (
            <li key={h.title} className="highlight">
              <span className="highlight__icon">
                <Icon name={h.icon} size={28} />
              </span>
              <Heading level={3} className="highlight__title">
                {h.title}
              </Heading>
              <Text>{h.text}</Text>
            </li>
          ))}
        </Grid>
      </section>

      <section className="section section--tinted" aria-labelledby="account-title">
        <Card variation="outlined" className="account-card">
          <Heading level={2} id="account-title" className="section__title">
            Account features
          </Heading>
          <ul className="checklist">
            {ACCOUNT_FEATURES.map((f) => (
              <li key={f}>
                <Icon name="check" size={20} className="checklist__icon" />
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
