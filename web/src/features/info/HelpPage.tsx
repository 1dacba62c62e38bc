import type { ReactNode } from 'react';
import { Heading, View } from '@aws-amplify/ui-react';
import { PASSWORD_MIN } from '@contract/fields';
import { LEVEL_LABELS } from '@contract/privacy';
import { PAPER_LABELS, PAPERS } from '@contract/pdf';
import { PageTitle } from '../../components/PageTitle';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../lib/usePageTitle';

/**
 * Help, written from what the product does: each section names a screen a person can reach (its
 * link, or the button's words), and test/web/help.test.tsx holds every link to a route the app has
 * and every named control to the screen that shows it.
 */
/** One question of Help: a section its heading labels (a landmark a screen reader can jump to). */
function HelpSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Heading level={2} id={id}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

export default function HelpPage() {
  usePageTitle('Help');
  const levels = Object.values(LEVEL_LABELS).map((label) => `“${label}”`);
  return (
    <View as="article" className="page page--prose">
      <PageTitle>Help</PageTitle>
      <p>Answers to the most common questions about using your church directory.</p>

      <HelpSection id="help-signin" title="Signing in">
        <p>
          Use the <RouterLink to="/login">Sign In</RouterLink> form with the email address and password of your account.
          When you sign up or register a church, we email you a 6-digit code first: your account is made once you enter
          it, on the screen that appears or, through the link in the email, on any other device. If the code does not
          arrive, check your spam folder or ask for a new one on that screen. If the email says you already have an
          account, sign in with its password, or reset it.
        </p>
      </HelpSection>

      <HelpSection id="help-join" title="Joining your church's directory">
        <p>
          If your church already uses this directory, choose{' '}
          <RouterLink to="/create-account">Join your existing church directory</RouterLink> and sign up with the email
          address your church has on file for you: your account is then linked to your family. Your church's
          administrators can share a sign-up link for your church (User Management shows it), and an invitation email
          brings it to members they add with an address.
        </p>
      </HelpSection>

      <HelpSection id="help-passwords" title="Passwords">
        <p>
          A password has at least {PASSWORD_MIN} characters and is not one of the most common passwords, which are
          guessed first. Longer is safer: a short sentence is easy to remember. Forgot it? Go to{' '}
          <RouterLink to="/forgot-password">Reset Password</RouterLink>, enter your email address, and enter the code we
          email you with your new password.
        </p>
      </HelpSection>

      <HelpSection id="help-two-step" title="Two-step sign-in">
        <p>
          In <RouterLink to="/profile">My Profile</RouterLink>, Two-step sign-in asks for a 6-digit code from an
          authenticator app on your phone after your password, so a stolen password alone does not open your account.
          Turn it on by scanning the code the page shows, or typing its key, into the app.
        </p>
      </HelpSection>

      <HelpSection id="help-family" title="Updating your family's details">
        <p>
          Members whose account is linked to a family can update that family's address, phone, anniversary and photo,
          and its members' details, from the family's page in <RouterLink to="/families">Families</RouterLink>. For
          anything else, ask one of your church's administrators.
        </p>
      </HelpSection>

      <HelpSection id="help-privacy" title="Who sees your details">
        <p>
          Each detail of your family (address, phone, anniversary, photo) and of each member (birthday, cellphone,
          email) can be shown to {levels.join(', ').replace(/, ([^,]*)$/, ' or $1')}. In{' '}
          <RouterLink to="/profile">My Profile</RouterLink>, What others see shows your family as the church sees it,
          and Choose who sees your details changes it. Ticking “Leave our family out of the directory” means only
          administrators see your family, and it is not printed. Administrators set the church's defaults in{' '}
          <RouterLink to="/admin/privacy">Privacy Defaults</RouterLink>; your own choices win over them.
        </p>
      </HelpSection>

      <HelpSection id="help-groups" title="Groups">
        <p>
          <RouterLink to="/groups">Groups</RouterLink> lists your church's groups and who is in each, with their role.
          Details shown to “{LEVEL_LABELS.groups}” are seen by the people who share a group with you.
        </p>
      </HelpSection>

      <HelpSection id="help-book" title="The printed directory">
        <p>
          Administrators make the directory as a PDF from <RouterLink to="/families">Families</RouterLink>: open Print
          the directory, choose the paper ({PAPERS.map((p) => PAPER_LABELS[p]).join(' or ')}), whether family photos are
          printed, and a cover photo, then Download PDF. A large church takes a little while; the page shows its
          progress, and the last book made stays there to download again. The book prints only what everyone in the
          church may see.
        </p>
      </HelpSection>

      <HelpSection id="help-register" title="Registering a church">
        <p>
          A church staff member can <RouterLink to="/register-organization">register the church</RouterLink> with its
          name and address and an account for its first administrator. The administrator then adds families and members,
          creates groups, and can make other users administrators in{' '}
          <RouterLink to="/admin/users">User Management</RouterLink>. Register only once per church; everyone else joins
          as a member.
        </p>
      </HelpSection>

      <HelpSection id="help-contact" title="Who to contact">
        <p>
          For questions about your church's information, your access, or to become an administrator, contact your church
          office or one of your directory's administrators. For questions about privacy, see our{' '}
          <RouterLink to="/privacy">Privacy Policy</RouterLink>.
        </p>
      </HelpSection>
    </View>
  );
}
