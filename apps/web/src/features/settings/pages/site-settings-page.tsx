import {
  COURSE_KEYS,
  INITIATIVE_KINDS,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  siteSettingsSchema,
  SOCIAL_NETWORK_NAMES,
  SOCIAL_NETWORKS,
  type SiteSettings,
  type SiteSettingsBody,
} from '@scholar/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { about } from '../../../content/about';
import { initiatives } from '../../../content/initiatives';
import { errorMessage } from '../../../lib/api-client';
import { useFormErrors } from '../../../lib/form-errors';
import { siteSettingsQueryOptions } from '../../../lib/site-settings';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUpdateSiteSettings } from '../api/update-site-settings';
import { SELLER_FIELDS, sellerBody, SellerFields, sellerValues } from '../components/seller-fields';
import { COD_FIELDS, codBody, CodFields, codValues } from '../components/cod-fields';

/** The form's fields, named as the last segment of the schema's paths (and the server's refusals). */
const FIELDS = [
  'scholarName',
  'officeAddress',
  'contactEmail',
  'phone',
  'openingHours',
  ...SOCIAL_NETWORKS,
  ...COURSE_KEYS,
  ...INITIATIVE_KINDS,
  ...SELLER_FIELDS,
  ...COD_FIELDS,
  'urScholarName',
  'urOfficeAddress',
  'urOpeningHours',
  'bnScholarName',
  'bnOfficeAddress',
  'bnOpeningHours',
] as const;
/** The site's other languages, whose words the settings hold beside the English ones (docs/decisions/078). */
const LOCAL_LANGUAGES = [
  { code: 'ur', name: 'Urdu (اردو)' },
  { code: 'bn', name: 'Bengali (বাংলা)' },
] as const;
type FieldName = (typeof FIELDS)[number];
type FormValues = Record<FieldName, string>;

const courseTitles = Object.fromEntries(about.courses.items.map((course) => [course.key, course.title]));
const initiativeNames = Object.fromEntries(initiatives.items.map((item) => [item.kind, item.name]));

function toValues(settings: SiteSettings): FormValues {
  return {
    scholarName: settings.scholarName,
    officeAddress: settings.officeAddress.join('\n'),
    contactEmail: settings.contactEmail,
    phone: settings.phone,
    openingHours: settings.openingHours,
    ...settings.social,
    ...settings.courses,
    ...settings.initiatives,
    ...sellerValues(settings.seller),
    ...codValues(settings),
    urScholarName: settings.translations.ur?.scholarName ?? '',
    urOfficeAddress: (settings.translations.ur?.officeAddress ?? []).join('\n'),
    urOpeningHours: settings.translations.ur?.openingHours ?? '',
    bnScholarName: settings.translations.bn?.scholarName ?? '',
    bnOfficeAddress: (settings.translations.bn?.officeAddress ?? []).join('\n'),
    bnOpeningHours: settings.translations.bn?.openingHours ?? '',
  };
}

/** One line of the address per line of the box; blank lines are dropped. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const pick = <K extends FieldName>(values: FormValues, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, values[key]])) as Record<K, string>;

function toBody(values: FormValues): SiteSettingsBody {
  return {
    scholarName: values.scholarName,
    officeAddress: linesOf(values.officeAddress),
    contactEmail: values.contactEmail,
    phone: values.phone,
    openingHours: values.openingHours,
    social: pick(values, SOCIAL_NETWORKS),
    courses: pick(values, COURSE_KEYS),
    initiatives: pick(values, INITIATIVE_KINDS),
    seller: sellerBody(values),
    ...codBody(values),
    translations: {
      ur: {
        scholarName: values.urScholarName,
        officeAddress: linesOf(values.urOfficeAddress),
        openingHours: values.urOpeningHours,
      },
      bn: {
        scholarName: values.bnScholarName,
        officeAddress: linesOf(values.bnOfficeAddress),
        openingHours: values.bnOpeningHours,
      },
    },
  };
}

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <legend className="px-1 font-serif text-xl font-semibold text-brand-800">{title}</legend>
      {hint && <p className="text-sm text-stone-600">{hint}</p>}
      {children}
    </fieldset>
  );
}

const LINK_HINT = 'An address starting with https://. Leave it empty and no link is shown.';

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const [values, setValues] = useState(() => toValues(initial));
  const update = useUpdateSiteSettings();
  const { formRef, errors, formError, clearField, check, refused } = useFormErrors(FIELDS);

  const field = (name: FieldName) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      clearField(name);
    },
  });
  const link = (name: FieldName, label: string) => (
    <TextField
      key={name}
      label={label}
      type="url"
      inputMode="url"
      placeholder="https://"
      maxLength={SETTINGS_LIMITS.url}
      {...field(name)}
    />
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toBody(values);
    if (!check(siteSettingsSchema, body)) return;
    try {
      const saved = await update.mutateAsync(body);
      setValues(toValues(saved));
      toast.success(SETTINGS_MESSAGES.saved);
    } catch (error) {
      refused(error, SETTINGS_MESSAGES.saveFailed);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-6">
      <Group title="The scholar">
        <TextField
          label="Scholar's name *"
          hint='Written wherever the pages say "the Shaikh", e.g. "Shaikh Abdullah Rahmani".'
          maxLength={SETTINGS_LIMITS.scholarName}
          required
          {...field('scholarName')}
        />
      </Group>
      <Group title="Office and contact" hint="Shown in the footer of every page and in the policies.">
        <TextAreaField
          label="Office address *"
          hint={`One line per line, at most ${SETTINGS_LIMITS.officeLines}.`}
          rows={4}
          required
          {...field('officeAddress')}
        />
        <TextField
          label="Contact email *"
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={SETTINGS_LIMITS.email}
          required
          {...field('contactEmail')}
        />
        <TextField
          label="Phone *"
          type="tel"
          inputMode="tel"
          hint="As it should be read, e.g. +91 33 4000 1234."
          maxLength={SETTINGS_LIMITS.phone}
          required
          {...field('phone')}
        />
        <TextField
          label="Opening hours"
          hint="Leave it empty to show none."
          maxLength={SETTINGS_LIMITS.openingHours}
          {...field('openingHours')}
        />
      </Group>
      {LOCAL_LANGUAGES.map(({ code, name }) => (
        <Group
          key={code}
          title={`In ${name}`}
          hint={`The scholar's name, the office and its hours as the ${name.split(' ')[0]} pages show them. Left empty, a page shows the English words, marked as English.`}
        >
          <TextField
            label={`Scholar's name in ${name}`}
            dir={code === 'ur' ? 'rtl' : 'ltr'}
            lang={code}
            maxLength={SETTINGS_LIMITS.scholarName}
            {...field(`${code}ScholarName`)}
          />
          <TextAreaField
            label={`Office address in ${name}`}
            hint={`One line per line, at most ${SETTINGS_LIMITS.officeLines}.`}
            dir={code === 'ur' ? 'rtl' : 'ltr'}
            lang={code}
            rows={4}
            {...field(`${code}OfficeAddress`)}
          />
          <TextField
            label={`Opening hours in ${name}`}
            dir={code === 'ur' ? 'rtl' : 'ltr'}
            lang={code}
            maxLength={SETTINGS_LIMITS.openingHours}
            {...field(`${code}OpeningHours`)}
          />
        </Group>
      ))}
      <Group title="Social links" hint={`Shown under "Follow Us" in the footer. ${LINK_HINT}`}>
        {SOCIAL_NETWORKS.map((network) => link(network, SOCIAL_NETWORK_NAMES[network]))}
      </Group>
      <Group title="Course links" hint={`The "View course" links of the About page. ${LINK_HINT}`}>
        {COURSE_KEYS.map((key) => link(key, courseTitles[key] ?? key))}
      </Group>
      <Group
        title="Initiative websites"
        hint="The Initiatives page links each website; an initiative without one says 'Coming Soon'."
      >
        {INITIATIVE_KINDS.map((kind) => link(kind, initiativeNames[kind] ?? kind))}
      </Group>
      <SellerFields field={field} />
      <CodFields field={field} />
      <FormMessage message={formError} />
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}

/** Admins: the site's scholar's name, office, contacts and links (docs/decisions/021). */
export function SiteSettingsPage() {
  useDocumentTitle('Site Settings');
  // The settings as stored now, not a copy a visitor's page kept.
  const query = useQuery({ ...siteSettingsQueryOptions(), staleTime: 0 });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-2 font-serif text-3xl font-bold text-brand-800">Site Settings</h1>
      <p className="mb-6 text-stone-700">
        The details every visitor sees: saved here, they show on the site at once, with no new release.
      </p>
      {query.isPending ? (
        <Spinner label="Loading settings" />
      ) : query.isError ? (
        <div role="alert" className="space-y-3">
          <p className="text-red-700">{errorMessage(query.error, SETTINGS_MESSAGES.loadFailed)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <SettingsForm initial={query.data} />
      )}
    </div>
  );
}
