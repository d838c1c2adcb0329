/** 支付宝 or 微信支付: a radio group of two large options, used by /mine/vip and /mine/wallet. */
import './wallet.css';
import { PAY_TYPES, type PayType } from '../../../contract/enums.ts';
import { walletMessages } from './wallet-messages.ts';
import { IconAlipay, IconWechat } from '../../components/member-icons.tsx';
import { RadioButton } from '../../components/radio-button.tsx';

const ICONS: Record<PayType, typeof IconAlipay> = { alipay: IconAlipay, wxpay: IconWechat };

export function PayTypePicker({ value, onChange }: { value: PayType; onChange: (value: PayType) => void }) {
  const t = walletMessages.pay;
  return (
    <section className="member-section" aria-labelledby="pay-type-title">
      <h2 className="member-section__title" id="pay-type-title">
        {t.method}
      </h2>
      <div className="pay-types" role="radiogroup" aria-labelledby="pay-type-title">
        {PAY_TYPES.map((type) => {
          const Icon = ICONS[type];
          return (
            <RadioButton
              key={type}
              checked={value === type}
              className={`pay-type pay-type--${type}`}
              onClick={() => onChange(type)}
              data-testid={`pay-${type}`}
            >
              <Icon className="pay-type__icon" />
              <span>{t.types[type]}</span>
              <span className="pay-type__radio" aria-hidden="true" />
            </RadioButton>
          );
        })}
      </div>
    </section>
  );
}
