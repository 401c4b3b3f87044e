/**
 * The notice every queued timelock change produces (docs/TRUST.md rule 6: parameter changes are
 * announced before they apply, so users can leave first), in the app's ten languages, with the new
 * value in its unit and the earliest time it can apply. The title starts with the network (the
 * label of the app's network menu): the list shows the notices of both networks' events.
 */
import { checksumAddress, formatUnits, type Address } from 'viem';
import { languages, type Lang } from '../../i18n/index.ts';
import type { NoticeTexts } from '../../db/queries/notices.ts';
import {
  timelockParams as params,
  type TimelockParamName as ParamName,
} from '@app/contracts/enums';

interface Texts {
  names: Record<ParamName, string>;
  queuedTitle: string;
  queuedBody: string;
  cancelledTitle: string;
  cancelledBody: string;
}

// {param}, {value}, {time}, {network} are filled in.
const texts: Record<Lang, Texts> = {
  en: {
    names: {
      feeBps: 'Exchange fee',
      minWithdrawal: 'Minimum withdrawal',
      nodePrice: 'Node price',
      nodeLimit: 'Number of nodes for sale',
      founderPrice: 'Founder price',
      founderLimit: 'Number of founder seats for sale',
      treasury: 'Treasury address',
    },
    queuedTitle: '{network}: {param} change scheduled',
    queuedBody:
      '{param} on {network} is scheduled to change to {value}. The change can apply from {time} at the earliest. It is announced in advance so you can decide before it applies.',
    cancelledTitle: '{network}: {param} change cancelled',
    cancelledBody: 'The scheduled change of {param} on {network} was cancelled. It stays as it is.',
  },
  'zh-TW': {
    names: {
      feeBps: '兌換手續費',
      minWithdrawal: '最低提現金額',
      nodePrice: '節點價格',
      nodeLimit: '可售節點數量',
      founderPrice: '創始人價格',
      founderLimit: '可售創始人席位數量',
      treasury: '金庫地址',
    },
    queuedTitle: '{network}：{param}預定變更',
    queuedBody:
      '{network} 上的{param}預定變更為 {value}。此變更最早於 {time} 生效。我們提前公告，讓您在生效前做出決定。',
    cancelledTitle: '{network}：{param}變更已取消',
    cancelledBody: '{network} 上{param}的預定變更已取消，維持不變。',
  },
  ja: {
    names: {
      feeBps: '交換手数料',
      minWithdrawal: '最低出金額',
      nodePrice: 'ノード価格',
      nodeLimit: '販売ノード数',
      founderPrice: 'ファウンダー価格',
      founderLimit: '販売ファウンダー枠数',
      treasury: 'トレジャリーアドレス',
    },
    queuedTitle: '{network}：{param}の変更予定',
    queuedBody:
      '{network} の{param}は {value} に変更される予定です。変更は早くても {time} から適用されます。適用前に判断できるよう、事前にお知らせしています。',
    cancelledTitle: '{network}：{param}の変更取り消し',
    cancelledBody: '{network} の{param}の変更予定は取り消されました。現在の値のままです。',
  },
  ru: {
    names: {
      feeBps: 'Комиссия за обмен',
      minWithdrawal: 'Минимальная сумма вывода',
      nodePrice: 'Цена узла',
      nodeLimit: 'Количество узлов в продаже',
      founderPrice: 'Цена места основателя',
      founderLimit: 'Количество мест основателей в продаже',
      treasury: 'Адрес казначейства',
    },
    queuedTitle: '{network}: запланировано изменение «{param}»',
    queuedBody:
      'Параметр «{param}» в сети {network} будет изменён на {value}. Изменение может вступить в силу не раньше {time}. Мы сообщаем заранее, чтобы вы могли принять решение до его применения.',
    cancelledTitle: '{network}: изменение «{param}» отменено',
    cancelledBody:
      'Запланированное изменение параметра «{param}» в сети {network} отменено. Значение остаётся прежним.',
  },
  ko: {
    names: {
      feeBps: '교환 수수료',
      minWithdrawal: '최소 출금액',
      nodePrice: '노드 가격',
      nodeLimit: '판매 노드 수',
      founderPrice: '파운더 가격',
      founderLimit: '판매 파운더 자리 수',
      treasury: '트레저리 주소',
    },
    queuedTitle: '{network}: {param} 변경 예정',
    queuedBody:
      '{network}의 {param}이(가) {value}(으)로 변경될 예정입니다. 변경은 빨라도 {time}부터 적용됩니다. 적용 전에 결정하실 수 있도록 미리 알려 드립니다.',
    cancelledTitle: '{network}: {param} 변경 취소',
    cancelledBody: '{network}의 {param} 변경 예정이 취소되었습니다. 현재 값이 유지됩니다.',
  },
  es: {
    names: {
      feeBps: 'Comisión de cambio',
      minWithdrawal: 'Retiro mínimo',
      nodePrice: 'Precio del nodo',
      nodeLimit: 'Número de nodos a la venta',
      founderPrice: 'Precio de fundador',
      founderLimit: 'Número de plazas de fundador a la venta',
      treasury: 'Dirección de tesorería',
    },
    queuedTitle: '{network}: cambio programado de {param}',
    queuedBody:
      '{param} en {network} cambiará a {value}. El cambio puede aplicarse a partir del {time} como muy pronto. Se anuncia con antelación para que pueda decidir antes de que se aplique.',
    cancelledTitle: '{network}: cambio de {param} cancelado',
    cancelledBody:
      'Se canceló el cambio programado de {param} en {network}. Se mantiene como está.',
  },
  vi: {
    names: {
      feeBps: 'Phí đổi',
      minWithdrawal: 'Số tiền rút tối thiểu',
      nodePrice: 'Giá nút',
      nodeLimit: 'Số nút mở bán',
      founderPrice: 'Giá nhà sáng lập',
      founderLimit: 'Số suất nhà sáng lập mở bán',
      treasury: 'Địa chỉ kho bạc',
    },
    queuedTitle: '{network}: đã lên lịch thay đổi {param}',
    queuedBody:
      '{param} trên {network} sẽ được đổi thành {value}. Thay đổi sớm nhất có thể áp dụng từ {time}. Chúng tôi thông báo trước để bạn có thể quyết định trước khi thay đổi có hiệu lực.',
    cancelledTitle: '{network}: đã hủy thay đổi {param}',
    cancelledBody:
      'Thay đổi đã lên lịch của {param} trên {network} đã bị hủy. Giá trị được giữ nguyên.',
  },
  ar: {
    names: {
      feeBps: 'رسوم التحويل',
      minWithdrawal: 'الحد الأدنى للسحب',
      nodePrice: 'سعر العقدة',
      nodeLimit: 'عدد العقد المعروضة للبيع',
      founderPrice: 'سعر مقعد المؤسس',
      founderLimit: 'عدد مقاعد المؤسسين المعروضة للبيع',
      treasury: 'عنوان الخزينة',
    },
    queuedTitle: '{network}: تغيير مجدول في {param}',
    queuedBody:
      'من المقرر أن يتغير {param} على شبكة {network} إلى {value}. يمكن أن يسري التغيير ابتداءً من {time} على أقرب تقدير. نعلن عنه مسبقًا لتتمكن من اتخاذ قرارك قبل سريانه.',
    cancelledTitle: '{network}: أُلغي تغيير {param}',
    cancelledBody: 'تم إلغاء التغيير المجدول لـ {param} على شبكة {network}. تبقى القيمة كما هي.',
  },
  fr: {
    names: {
      feeBps: 'Frais d’échange',
      minWithdrawal: 'Retrait minimum',
      nodePrice: 'Prix d’un nœud',
      nodeLimit: 'Nombre de nœuds en vente',
      founderPrice: 'Prix d’une place de fondateur',
      founderLimit: 'Nombre de places de fondateur en vente',
      treasury: 'Adresse de la trésorerie',
    },
    queuedTitle: '{network} : changement programmé de {param}',
    queuedBody:
      '{param} sur {network} passera à {value}. Le changement peut s’appliquer au plus tôt le {time}. Il est annoncé à l’avance pour que vous puissiez décider avant qu’il ne s’applique.',
    cancelledTitle: '{network} : changement de {param} annulé',
    cancelledBody: 'Le changement programmé de {param} sur {network} a été annulé. Rien ne change.',
  },
  th: {
    names: {
      feeBps: 'ค่าธรรมเนียมการแลกเปลี่ยน',
      minWithdrawal: 'ยอดถอนขั้นต่ำ',
      nodePrice: 'ราคาโหนด',
      nodeLimit: 'จำนวนโหนดที่เปิดขาย',
      founderPrice: 'ราคาสิทธิ์ผู้ก่อตั้ง',
      founderLimit: 'จำนวนสิทธิ์ผู้ก่อตั้งที่เปิดขาย',
      treasury: 'ที่อยู่คลัง',
    },
    queuedTitle: '{network}: กำหนดเปลี่ยน{param}',
    queuedBody:
      '{param} บน {network} มีกำหนดเปลี่ยนเป็น {value} การเปลี่ยนแปลงจะมีผลได้เร็วที่สุดตั้งแต่ {time} เราแจ้งล่วงหน้าเพื่อให้คุณตัดสินใจได้ก่อนที่จะมีผล',
    cancelledTitle: '{network}: ยกเลิกการเปลี่ยน{param}',
    cancelledBody: 'การเปลี่ยนแปลง {param} บน {network} ที่กำหนดไว้ถูกยกเลิกแล้ว ค่ายังคงเดิม',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);

/** The new value of `param` in its unit, written the language's way. */
export function formatParamValue(
  param: ParamName,
  value: bigint,
  lang: Lang,
  usdcDecimals: number,
): string {
  switch (param) {
    case 'feeBps':
      return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(
        Number(value) / 10_000,
      );
    case 'minWithdrawal':
    case 'nodePrice':
    case 'founderPrice':
      return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 6 }).format(
        Number(formatUnits(value, usdcDecimals)),
      )} USDC`;
    case 'nodeLimit':
    case 'founderLimit':
      return new Intl.NumberFormat(lang).format(value);
    case 'treasury':
      return checksumAddress(`0x${value.toString(16).padStart(40, '0')}` as Address);
  }
}

const formatTime = (time: Date, lang: Lang) =>
  `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(time)} UTC`;

/** The chain event a timelock notice announces. */
export type AnnouncedEvent = 'queued' | 'cancelled';

/**
 * The title of the notice of `event` for `param` on `network` (the label of the app's network
 * menu), in `lang`. Also read back for stored notices (the notice routes): a title holds nothing but
 * these, so a notice written by an earlier release reads in today's wording without a re-index.
 * Undefined for a parameter this code does not know (a newer contract's).
 */
export function timelockNoticeTitle(o: {
  event: AnnouncedEvent;
  param: number;
  network: string;
  lang: Lang;
}): string | undefined {
  const name = params[o.param];
  if (!name) return undefined;
  const tx = texts[o.lang];
  const template = o.event === 'queued' ? tx.queuedTitle : tx.cancelledTitle;
  return fill(template, { param: tx.names[name], network: o.network });
}

/** Texts of the notice for a queued change of `param` to `value`, applicable from `eta`. */
export function queuedNoticeTexts(change: {
  param: number;
  value: bigint;
  eta: Date;
  network: string;
  usdcDecimals: number;
}): NoticeTexts {
  const name = params[change.param];
  if (!name) throw new Error(`unknown timelock parameter ${change.param}`);
  const out: NoticeTexts = {};
  for (const lang of languages) {
    const tx = texts[lang];
    const values = {
      param: tx.names[name],
      value: formatParamValue(name, change.value, lang, change.usdcDecimals),
      time: formatTime(change.eta, lang),
      network: change.network,
    };
    out[lang] = {
      title: timelockNoticeTitle({
        event: 'queued',
        param: change.param,
        network: change.network,
        lang,
      })!,
      body: fill(tx.queuedBody, values),
    };
  }
  return out;
}

/** Texts of the notice for a cancelled change of `param`. */
export function cancelledNoticeTexts(change: { param: number; network: string }): NoticeTexts {
  const name = params[change.param];
  if (!name) throw new Error(`unknown timelock parameter ${change.param}`);
  const out: NoticeTexts = {};
  for (const lang of languages) {
    const tx = texts[lang];
    const values = { param: tx.names[name], network: change.network };
    out[lang] = {
      title: timelockNoticeTitle({
        event: 'cancelled',
        param: change.param,
        network: change.network,
        lang,
      })!,
      body: fill(tx.cancelledBody, values),
    };
  }
  return out;
}
