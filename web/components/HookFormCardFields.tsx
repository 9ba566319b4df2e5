import { useWatch, type UseFormReturn } from 'react-hook-form';
import { CardFields, type CardFieldName, type CardFieldValues } from './CardFields';

type Props<T extends CardFieldValues> = {
  form: UseFormReturn<T>;
  idPrefix: string;
  /** Today ('YYYY-MM-DD') on the school's clock, when the page knows it. */
  today?: string;
};

/** The one card form (CardFields, decision 074) in a react-hook-form form holding cardNo, expMonth, expYear and cardCode. */
export function HookFormCardFields<T extends CardFieldValues>({ form, idPrefix, today }: Props<T>) {
  // The form's other fields do not matter here: it is seen through its four card fields.
  const f = form as unknown as UseFormReturn<CardFieldValues>;
  const [cardNo, expMonth, expYear, cardCode] = useWatch({ control: f.control, name: ['cardNo', 'expMonth', 'expYear', 'cardCode'] });
  const { errors, isSubmitted } = f.formState;
  return (
    <CardFields
      idPrefix={idPrefix}
      today={today}
      values={{ cardNo: cardNo ?? '', expMonth: expMonth ?? '', expYear: expYear ?? '', cardCode: cardCode ?? '' }}
      errors={{ cardNo: errors.cardNo?.message, expMonth: errors.expMonth?.message, expYear: errors.expYear?.message, cardCode: errors.cardCode?.message }}
      onChange={(field: CardFieldName, value: string) => f.setValue(field, value, { shouldDirty: true, shouldValidate: isSubmitted })}
      fieldRef={(field) => f.register(field).ref}
    />
  );
}
