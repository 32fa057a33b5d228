import { selectKey, useT } from '../lib/i18n';

/**
 * An Indian postal address as the site writes it everywhere: the name when given, the street lines, the landmark
 * (labelled), the city, state and pincode, and the phone when given.
 */
export function PostalAddress({
  address: a,
  name,
  phone,
  className = 'not-italic',
}: {
  address: {
    addressLine1: string;
    addressLine2?: string | null | undefined;
    landmark?: string | null | undefined;
    city: string;
    state: string;
    pincode: string;
  };
  name?: string | null | undefined;
  phone?: string | null | undefined;
  className?: string;
}) {
  const t = useT();
  return (
    <address className={className}>
      {name && (
        <>
          {name}
          <br />
        </>
      )}
      {a.addressLine1}
      {a.addressLine2 && <>, {a.addressLine2}</>}
      <br />
      {a.landmark && (
        <>
          {t('account.addresses.landmark', { landmark: a.landmark })}
          <br />
        </>
      )}
      {a.city}, {t('shop.address.stateName', { state: selectKey(a.state), name: a.state })} {a.pincode}
      {phone && (
        <>
          <br />
          <bdi>{phone}</bdi>
        </>
      )}
    </address>
  );
}
