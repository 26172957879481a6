import type { LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { PageMeta } from '../../components/page-meta';
import { Converter } from '../../features/converter/components/converter';
import { useConverter } from '../../features/converter/hooks/use-converter';
import { saveDraft } from '../../lib/exchange-draft';
import { embedParamsOf } from './embed-frame';

/**
 * The widget's first page asked for a pair (`from`, `to`) and perhaps an amount: the converter
 * opens with them as it opens with the visitor's own draft. An unknown pair falls back as the
 * converter's does; a later page of the frame (a pair chosen, `/embed/BTC--USDT`) keeps its own.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { pair, amount } = embedParamsOf(new URL(request.url).search);
  if (pair && params.pair === undefined) {
    saveDraft({
      giveName: pair.give,
      getName: pair.get,
      giveSum: amount,
      getSum: '',
      direction: 'sell',
      useFixed: false,
      promocode: '',
      quote: null,
    });
  }
  return null;
}

/** The partner's widget: the site's converter, framed; its button goes on to the widget's ticket pages. */
export function Component() {
  const { t } = useTranslation();
  const model = useConverter();
  return (
    <>
      <PageMeta title={`${t('embedWidget.title')} — Obmen`} path="" noindex />
      <Converter model={model} />
    </>
  );
}
