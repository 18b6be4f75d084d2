import type { CompanyView, SettingView } from '@atrium/contracts';
import { toPlanView } from '../plans/plan.view.js';
import type { CompanyWithPlan } from './companies.repository.js';

export function toCompanyView({ company, plan }: CompanyWithPlan, settings: SettingView[]): CompanyView {
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone,
    status: company.status,
    dueDate: company.dueDate,
    recurrence: company.recurrence as CompanyView['recurrence'],
    planId: company.planId,
    plan: toPlanView(plan),
    settings,
    schedules: company.schedules,
    document: company.document,
    addressZipCode: company.addressZipCode,
    addressStreet: company.addressStreet,
    addressState: company.addressState,
    addressCity: company.addressCity,
    addressDistrict: company.addressDistrict,
    createdAt: company.createdAt.toISOString(),
    updatedAt: company.updatedAt.toISOString(),
  };
}
