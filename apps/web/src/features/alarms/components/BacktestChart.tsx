import MixedLineBarChart from '@cloudscape-design/components/mixed-line-bar-chart';
import type { MixedLineBarChartProps } from '@cloudscape-design/components/mixed-line-bar-chart';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';

export interface BacktestResult {
  fireCount: number;
  firings: { raisedAt: string; closedAt: string | null }[];
  series: { timestamps: number[]; values: number[] };
}

/** The rule's metric over the last 7 days, its threshold, and a vertical mark at each moment it would have fired. */
export function BacktestChart({ result, threshold }: { result: BacktestResult; threshold: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const points = result.series.timestamps.map((x, index) => ({ x: new Date(x), y: result.series.values[index]! }));
  const series: MixedLineBarChartProps.ChartSeries<Date>[] = [
    { type: 'line', title: t('alarms.backtest.series'), data: points },
    { type: 'threshold', title: t('alarms.backtest.threshold'), y: threshold },
    ...result.firings.map((firing, index) => ({ type: 'threshold' as const, title: `${t('alarms.backtest.fired')} ${index + 1}`, x: new Date(firing.raisedAt) })),
  ];
  return (
    <MixedLineBarChart
      data-testid="backtest-chart"
      series={series}
      height={220}
      xScaleType="time"
      ariaLabel={t('alarms.backtest.chartLabel')}
      i18nStrings={{ xTickFormatter: (value) => format.dateTime(value) }}
      hideFilter
      empty={t('alarms.backtest.empty')}
    />
  );
}
