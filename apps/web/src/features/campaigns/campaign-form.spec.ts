import { campaignEditability } from '@atrium/contracts/campaigns/campaign-editability.js';
import type { CampaignView } from '@atrium/contracts';
import dayjs from 'dayjs';
import { aCampaign } from '../../../test/campaign-fixtures';
import { campaignInputOf, canAddVariable, EMPTY_CAMPAIGN, formValuesOf, progressPercent, settingsOf } from './campaign-form';

const campaign = (patch: Partial<CampaignView>): CampaignView =>
  aCampaign(7, {
    companyId: 1,
    name: 'Black Friday',
    confirmationMessage1: 'Posso enviar?',
    confirmation: true,
    whatsappId: 3,
    contactListId: 4,
    contactList: { id: 4, name: 'Clientes' },
    whatsapp: { id: 3, name: 'Vendas' },
    ...patch,
  });

describe('the campaign dialog', () => {
  it('sends empty texts as null, no tag as Nenhuma and scheduledAt as YYYY-MM-DD HH:mm:ss with the offset', () => {
    const at = dayjs('2026-03-05T14:30:00');
    const input = campaignInputOf(
      { ...EMPTY_CAMPAIGN, name: ' Natal ', message1: 'Oi {nome}', scheduledAt: at, whatsappId: 2, contactListId: 9 },
      'all',
    );
    expect(input).toMatchObject({
      name: 'Natal',
      message1: 'Oi {nome}',
      message2: null,
      confirmationMessage1: null,
      tagListId: 'Nenhuma',
      fileListId: null,
      whatsappId: 2,
      contactListId: 9,
      confirmation: false,
    });
    expect(input.scheduledAt).toBe(`2026-03-05 14:30:00${at.format('Z')}`);
    expect(dayjs(input.scheduledAt!).valueOf()).toBe(at.valueOf());
    expect(campaignInputOf(EMPTY_CAMPAIGN, 'all').scheduledAt).toBeNull();
  });

  it('sends only the message fields (and the template, null off the Cloud API) of a cancelled campaign', () => {
    const input = campaignInputOf(formValuesOf(campaign({ status: 'CANCELADA' })), 'messages');
    expect(Object.keys(input).sort()).toEqual([
      'confirmationMessage1',
      'confirmationMessage2',
      'confirmationMessage3',
      'confirmationMessage4',
      'confirmationMessage5',
      'message1',
      'message2',
      'message3',
      'message4',
      'message5',
      'template',
    ]);
    expect(input.message1).toBe('Olá {nome}');
  });

  it('reads a campaign back into the form (no tag shows Nenhuma, null texts as empty)', () => {
    const values = formValuesOf(campaign({ scheduledAt: '2026-03-05T17:30:00.000Z' }));
    expect(values).toMatchObject({ tagListId: 'Nenhuma', message2: '', confirmationMessage1: 'Posso enviar?', whatsappId: 3 });
    expect(values.scheduledAt?.toISOString()).toBe('2026-03-05T17:30:00.000Z');
  });

  it('locks a campaign as spec 001 section 4 says', () => {
    const now = new Date('2026-03-05T12:00:00Z');
    expect(campaignEditability(campaign({ status: 'PROGRAMADA', scheduledAt: '2026-03-05T13:00:01Z' }), now)).toBe('all');
    expect(campaignEditability(campaign({ status: 'PROGRAMADA', scheduledAt: '2026-03-05T13:00:00Z' }), now)).toBe('none');
    expect(campaignEditability(campaign({ status: 'CANCELADA' }), now)).toBe('messages');
    expect(campaignEditability(campaign({ status: 'EM_ANDAMENTO' }), now)).toBe('none');
  });
});

describe('the campaign settings page', () => {
  it('reads the rows of key and JSON value, with the defaults for what is missing', () => {
    expect(settingsOf([])).toEqual({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] });
    expect(
      settingsOf([
        { key: 'messageInterval', value: '5', companyId: 1 },
        { key: 'greaterInterval', value: '"120"', companyId: 1 },
        { key: 'longerIntervalAfter', value: 'not json', companyId: 1 },
        { key: 'variables', value: JSON.stringify([{ key: 'cupom', value: 'NATAL10' }]), companyId: 1 },
      ]),
    ).toEqual({ messageInterval: 5, longerIntervalAfter: 20, greaterInterval: 120, variables: [{ key: 'cupom', value: 'NATAL10' }] });
  });

  it('adds a custom variable only when its shortcut is free', () => {
    const variables = [{ key: 'cupom', value: 'NATAL10' }];
    expect(canAddVariable(variables, 'loja')).toBe(true);
    expect(canAddVariable(variables, 'cupom')).toBe(false);
    expect(canAddVariable(variables, 'nome')).toBe(false);
    expect(canAddVariable(variables, 'com espaço')).toBe(false);
    expect(canAddVariable(variables, '')).toBe(false);
  });

  it('shows progress as the share of valid contacts delivered', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(3, 3)).toBe(100);
  });
});
