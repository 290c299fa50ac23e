import type { ReportPreset } from '@aurum/contract';
import { TextField } from '../../components/ui/form';
import { useAgentTexts } from '../../lib/agent/texts';
import { REPORT_PRESETS } from '../../lib/contract';
import { SelectField } from '../../lib/money/fields';

export interface ReportPeriod {
  preset: ReportPreset;
  /** yyyy-mm-dd, the custom period's first and last day (used when preset is custom). */
  from: string;
  to: string;
}

/**
 * The agent reports' period: a preset (today, yesterday, this week…) or a custom range of days in
 * the merchant's business zone. One set of fields for every agent page that filters by period
 * (team reports, contract bills).
 */
export function ReportPeriodFields({
  value,
  onChange,
}: {
  value: ReportPeriod;
  onChange: (change: Partial<ReportPeriod>) => void;
}) {
  const { t } = useAgentTexts();
  return (
    <>
      <SelectField
        name="preset"
        label={t('reports.period')}
        value={value.preset}
        onChange={(preset) => onChange({ preset })}
        options={REPORT_PRESETS.map((p) => ({ value: p, label: t(`reports.presets.${p}`) }))}
      />
      {value.preset === 'custom' ? (
        <>
          <TextField
            name="from"
            type="date"
            label={t('reports.from')}
            value={value.from}
            onChange={(from) => onChange({ from })}
          />
          <TextField
            name="to"
            type="date"
            label={t('reports.to')}
            value={value.to}
            onChange={(to) => onChange({ to })}
          />
        </>
      ) : null}
    </>
  );
}
