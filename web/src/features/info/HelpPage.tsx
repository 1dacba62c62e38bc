import { Heading, View } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../lib/usePageTitle';

export default function HelpPage() {
  usePageTitle('Help');
  return (
    <View as="article" className="page page--prose">
      <PageTitle>Help</PageTitle>
      <p>Answers to the most common questions about using your church directory.</p>

      <section aria-labelledby="help-signin">
        <Heading level={2} id="help-signin">
          Signing in
        </Heading>
        <p>
          Use the <RouterLink to="/login">Sign In</RouterLink> form with the email address and password of your account.
          The first time you sign in we ask you to verify your email address: we email you a 6-digit code, which you
          enter on the screen that appears. If the code does not arrive, check your spam folder or use the resend
          button.
        </p>
      </section>

      <section aria-labelledby="help-join">
        <Heading level={2} id="help-join">
          Joining your church's directory
        </Heading>
        <p>
          If your church already uses this directory, choose{' '}
          <RouterLink to="/create-account">Join your existing church directory</RouterLink>. Sign up with the same email
          address your church has on file for you, so that your account is linked to your family. Your church
          administrator may also send you a sign-up link that names your church.
        </p>
      </section>

      <section aria-labelledby="help-reset">
        <Heading level={2} id="help-reset">
          Forgot your password?
        </Heading>
        <p>
          Go to <RouterLink to="/forgot-password">Reset Password</RouterLink> and enter your email address. We email you
          a code; enter it with your new password (at least 6 characters) on the same page, then sign in.
        </p>
      </section>

      <section aria-labelledby="help-register">
        <Heading level={2} id="help-register">
          Registering a church
        </Heading>
        <p>
          A church staff member can <RouterLink to="/register-organization">register the church</RouterLink> with its
          name and address and an account for its first administrator. The administrator then adds families and members,
          creates groups, and can make other users administrators. Register only once per church; everyone else joins as
          a member.
        </p>
      </section>

      <section aria-labelledby="help-family">
        <Heading level={2} id="help-family">
          Updating your family's details
        </Heading>
        <p>
          Members whose account is linked to a family can update that family's address, phone, anniversary and photo,
          and its members' details. For anything else, ask one of your church's administrators.
        </p>
      </section>

      <section aria-labelledby="help-contact">
        <Heading level={2} id="help-contact">
          Who to contact
        </Heading>
        <p>
          For questions about your church's information, your access, or to become an administrator, contact your church
          office or one of your directory's administrators. For questions about privacy, see our{' '}
          <RouterLink to="/privacy">Privacy Policy</RouterLink>.
        </p>
      </section>
    </View>
  );
}
