import type { ReactNode } from 'react';
import { Heading, Text, View } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../lib/usePageTitle';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '@contract/directory';
import { fieldsInWords, listInWords } from '@contract/entity';
import styles from './PrivacyPage.module.css';

const SECTIONS: { title: string; body: ReactNode }[] = [
  {
    title: 'Introduction',
    body: (
      <>
        <p>
          Church Directory (the "Service") lets churches and community groups (each an "Organization") keep a private
          directory of their families, members and groups. This policy explains what personal information the Service
          holds, why, and the choices you have.
        </p>
        <p>
          The Organization that registers a directory decides what information it keeps about its families and members,
          and is the <strong>data controller</strong> for that information. The Service stores and processes it on the
          Organization's behalf and on its instructions, as a <strong>data processor</strong>. We do not sell personal
          information, and we do not use it for advertising.
        </p>
      </>
    ),
  },
  {
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what the directory needs:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your email address, your name, a password (stored only as a secure
            hash by our sign-in provider), whether your email is verified, and whether you are an administrator.
          </li>
          <li>
            <strong>Directory information</strong> entered by your Organization's administrators or by you for your own
            family: {fieldsInWords(FAMILY_FIELDS).join(', ')}, and for each member a{' '}
            {listInWords(fieldsInWords(MEMBER_FIELDS))}.
          </li>
          <li>
            <strong>Group information:</strong> the groups your Organization creates and the members' roles in them.
          </li>
          <li>
            <strong>Organization information:</strong> the church's name and address and the contact name and email of
            its first administrator.
          </li>
          <li>
            <strong>Technical information:</strong> the dates you created your account and last signed in, and security
            logs (such as IP address, browser type and request times) kept to protect the Service from abuse.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>To provide the directory to the members of your Organization and let them keep it up to date.</li>
        <li>To sign you in, verify your email address and help you reset your password.</li>
        <li>To show birthdays and anniversaries of the month and to produce the printable PDF directory.</li>
        <li>To keep the Service secure, prevent abuse and fix problems.</li>
        <li>To send you messages about your account, such as verification and password reset codes.</li>
      </ul>
    ),
  },
  {
    title: 'How Information Is Shared',
    body: (
      <>
        <p>
          Directory information is visible to the signed-in members of the same Organization, never to other
          Organizations or to the public. We do not sell, rent or trade personal information.
        </p>
        <p>
          We share information only with service providers that host and operate the Service for us (cloud hosting,
          storage and email delivery), under contracts that require them to protect it and use it only to provide their
          services; when the law requires it; or to protect the rights, safety and security of our users and the
          Service.
        </p>
      </>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <p>
        Information is encrypted in transit (HTTPS) and at rest. Access requires a signed-in, verified account, and
        every request is checked against the account's Organization and permissions. Photos and files are served through
        short-lived links. No method of transmission or storage is completely secure, however, and we cannot guarantee
        absolute security.
      </p>
    ),
  },
  {
    title: 'Data Retention and Removal',
    body: (
      <p>
        Directory information is kept for as long as your Organization keeps its directory. Administrators can edit or
        delete families, members, groups and user accounts at any time; deleted records are removed from the directory
        at once. When an Organization closes its directory, all of its families, members, groups, roles and user
        accounts are permanently deleted. Security logs are kept for a limited period and then deleted.
      </p>
    ),
  },
  {
    title: 'Cookies and Local Storage',
    body: (
      <p>
        The Service does not use advertising or tracking cookies. Your browser's local storage keeps your sign-in
        session so that you stay signed in; signing out removes it. Our security service may set a short-lived cookie to
        tell people from automated traffic.
      </p>
    ),
  },
  {
    title: "Children's Privacy (Under 13)",
    body: (
      <p>
        Accounts are for adults. Children under 13 may not create an account. A church may list children as members of a
        family in its directory; that information is entered by the Organization, which is responsible for having the
        consent of a parent or guardian. If you believe a child under 13 has created an account, contact us and we will
        delete it.
      </p>
    ),
  },
  {
    title: 'Your Data Rights',
    body: (
      <p>
        Depending on where you live, you may have the right to access, correct, delete or receive a copy of your
        personal information, or to object to its use. You can correct your own family's information in the directory
        yourself. For anything else, contact your Organization's administrator, who controls the directory; we will help
        them answer your request. You may also contact us directly.
      </p>
    ),
  },
  {
    title: 'International Data Transfers',
    body: (
      <p>
        The Service is hosted in the United States. If you use it from elsewhere, your information is transferred to and
        processed in the United States, whose data protection laws may differ from those of your country.
      </p>
    ),
  },
  {
    title: 'Third-Party Links',
    body: (
      <p>
        The Service may link to other websites and apps, such as the mobile app stores. We are not responsible for their
        content or privacy practices; please read their privacy policies.
      </p>
    ),
  },
  {
    title: 'Do Not Track',
    body: (
      <p>
        The Service does not track you across other websites, so it treats all visitors the same whether or not their
        browser sends a "Do Not Track" signal.
      </p>
    ),
  },
  {
    title: 'Governing Law',
    body: (
      <p>
        This policy and any dispute about it are governed by the laws of the State of North Carolina, United States,
        without regard to its conflict-of-law rules.
      </p>
    ),
  },
  {
    title: 'Disclaimer of Warranties',
    body: (
      <p>
        The Service is provided "as is" and "as available", without warranties of any kind, express or implied,
        including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not
        warrant that the Service will be uninterrupted, error-free or free of harmful components.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent permitted by law, we are not liable for any indirect, incidental, special, consequential
        or punitive damages, or for any loss of data, use or goodwill. Our total liability for any claim arising from
        the Service is limited to the greater of $100 or the fees your Organization paid for the Service in the three
        months before the claim arose.
      </p>
    ),
  },
  {
    title: 'Assumption of Risk',
    body: (
      <p>
        You use the Service at your own risk. Organizations decide what information to place in their directory and are
        responsible for having the right to share it with their members. Members are responsible for keeping their
        password secret and for what they do with directory information they see.
      </p>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy from time to time. We will change the "Last updated" date above and, for significant
        changes, tell Organization administrators by email before the changes take effect. Using the Service after a
        change means you accept the updated policy.
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        For questions about the information in your church's directory, contact your Organization's administrator first.
        For questions about this policy or the Service itself, contact the operator of the Service using the contact
        details given to your Organization when it registered. See also our <RouterLink to="/help">Help</RouterLink>{' '}
        page.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return (
    <View as="article" className="page page--prose">
      <PageTitle>Privacy Policy</PageTitle>
      <Text className="muted">Last updated May 4, 2025</Text>
      <nav aria-label="Privacy policy sections" className={styles.toc}>
        <ol>
          {SECTIONS.map((s, i) => (
            <li key={s.title}>
              <a href={`#privacy-${i + 1}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {SECTIONS.map((s, i) => (
        <section key={s.title} id={`privacy-${i + 1}`} aria-labelledby={`privacy-${i + 1}-title`}>
          <Heading level={2} id={`privacy-${i + 1}-title`}>
            {i + 1}. {s.title}
          </Heading>
          {s.body}
        </section>
      ))}
    </View>
  );
}
