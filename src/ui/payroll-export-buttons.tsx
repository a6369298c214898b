import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { UtcRange } from '../domain/time/period';
import { fr } from '../i18n/fr';
import { frStatement } from '../i18n/fr-statement';
import { exportPayroll, type PayrollFormat } from '../services/export/payroll';
import { useToast } from './toast';

/** "Exporter (Excel)" and "Exporter (CSV)": the payroll hours of the period a screen shows (/workload, /attendance). */
export function PayrollExportButtons({ range }: { range: UtcRange }) {
  const t = fr.workload;
  const toast = useToast();
  const [busy, setBusy] = useState<PayrollFormat | null>(null);
  const run = async (format: PayrollFormat) => {
    setBusy(format);
    try {
      const name = await exportPayroll(range, format, frStatement.exportLabels, {
        teacher: t.unknownTeacher,
        other: t.unknown,
      });
      if (name) toast.show(t.exported(name));
      else toast.show(t.exportEmpty, 'info');
    } catch {
      toast.show(t.exportFailed, 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="payroll-export" role="group" aria-label={t.exportGroup}>
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          className="button secondary small"
          isDisabled={busy !== null}
          onPress={() => void run(format)}
        >
          {busy === format ? t.exporting : format === 'xlsx' ? t.exportXlsx : t.exportCsv}
        </Button>
      ))}
    </div>
  );
}
