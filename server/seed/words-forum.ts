/**
 * Word lists for the forum (zh-CN): the groups under /forum, topic titles and body paragraphs per
 * group, and replies. `{movie}` is filled with a seeded movie title, `{genre}` and `{region}` with a
 * genre or region name, so topics talk about the films the site actually has. Data only.
 */

export interface ForumGroupWords {
  name: string;
  icon: string;
  description: string;
  /** Share of the topics that land in this group. */
  weight: number;
  /** Post tags its topics carry. */
  tags: readonly string[];
  titles: readonly string[];
  /** Paragraph templates; a body takes 2-5 of them. */
  paragraphs: readonly string[];
}

export const FORUM_GROUPS: readonly ForumGroupWords[] = [
  {
    name: '影视交流',
    icon: 'mdi:movie-open-outline',
    weight: 30,
    tags: ['影评', '热议'],
    description: '聊剧情、聊演技、聊镜头，好片坏片都可以说',
    titles: [
      '《{movie}》看完了，{feeling}',
      '有没有人觉得《{movie}》{opinion}？',
      '聊聊{genre}片里最让你难忘的一场戏',
      '《{movie}》的结局到底是什么意思？',
      '二刷《{movie}》，发现了好多细节',
      '《{movie}》和《{movie#2}》哪部更好看？',
      '{region}{genre}片是不是越来越好看了',
      '说一部你心中被严重低估的{genre}片',
      '《{movie}》的配乐真的绝了',
    ],
    paragraphs: [
      '先说结论：{verdict}。{detail}',
      '昨晚一个人看的《{movie}》，看完坐在沙发上发了半天呆。{detail}',
      '印象最深的是中段那场{scene}，导演几乎没有用配乐，全靠演员的表情撑住了情绪。{detail}',
      '当然也有不足，{flaw}。不过瑕不掩瑜，整体还是值得一看的。',
      '和同类型的{genre}片相比，这部最难得的是{strength}。',
      '大家怎么看？欢迎在楼下讨论，剧透请注意加提示。',
    ],
  },
  {
    name: '资源分享',
    icon: 'mdi:folder-star-outline',
    weight: 20,
    tags: ['片单'],
    description: '片单、花絮、字幕与周边，好东西一起分享',
    titles: [
      '【片单】{count}部高分{genre}片，{listVerdict}',
      '【分享】整理了{region}{genre}片的观影顺序',
      '求{decade}年代的{region}{genre}片推荐',
      '【合集】适合{occasion}看的电影，持续更新',
      '【推荐】看完《{movie}》意犹未尽？这几部同样精彩',
    ],
    paragraphs: [
      '整理了很久，按年份排好了，{listVerdict}。站内都能直接看，点片名就能跳转。',
      '1.《{movie}》：{shortReview}\n2.《{movie#2}》：{shortReview#2}\n3.《{movie#3}》：{shortReview#3}',
      '筛选标准很简单：评分高、节奏好、不烂尾。有遗漏的欢迎补充。',
      '如果只能选一部，我会推荐《{movie}》，{strength}。',
      '后面还会继续更新，建议先收藏，免得找不到。',
    ],
  },
  {
    name: '剧荒求推荐',
    icon: 'mdi:lightbulb-on-outline',
    weight: 15,
    tags: ['求片'],
    description: '说说你的口味，总有人懂你',
    titles: [
      '剧荒了，求推荐{genre}片',
      '有没有类似《{movie}》的电影？',
      '求推荐适合{occasion}看的片子',
      '最近看什么都没感觉，求一部能让我{want}的电影',
      '{genre}片新手，从哪部开始看比较好？',
    ],
    paragraphs: [
      '最近把站里的{genre}片刷得差不多了，{detail}',
      '口味偏{taste}，不太喜欢节奏太拖的。看过的有《{movie}》《{movie#2}》，都挺喜欢。',
      '最好是{decade}年代以后的，画质好一点。先谢谢各位了！',
      '周末想找一部{want}的电影，评分不用太高，好看就行。',
    ],
  },
  {
    name: '新手报到',
    icon: 'mdi:hand-wave-outline',
    weight: 10,
    tags: ['新人'],
    description: '新人来这里打个招呼，老人带你熟悉社区',
    titles: [
      '新人报到，请多关照',
      '潜水半年，第一次发帖',
      '{region}{genre}片爱好者前来报到',
      '刚注册，想问问怎么开通会员',
      '新人求带，论坛有什么好玩的板块？',
    ],
    paragraphs: [
      '大家好，我是新来的，平时最喜欢看{genre}片，最近在补《{movie}》。',
      '在站里潜水很久了，今天终于忍不住注册了账号。{detail}',
      '希望以后能和大家多交流，有好片也会第一时间分享出来。',
      '想问一下老用户，积分怎么获得比较快？签到和发帖都有积分吗？',
    ],
  },
  {
    name: '站务公告',
    icon: 'mdi:bullhorn-outline',
    weight: 5,
    tags: ['公告'],
    description: '官方公告、活动通知与版规',
    titles: [
      '【公告】社区版规（{year}年修订版）',
      '【活动】{occasion}观影季，发帖赢会员',
      '【通知】新增播放线路，卡顿的朋友请切换',
      '【公告】关于打击违规搬运的说明',
      '【更新】客户端新版本上线，新增历史记录同步',
    ],
    paragraphs: [
      '为了给大家提供更好的交流环境，现对社区规则做如下调整，请各位用户仔细阅读。',
      '一、禁止发布广告、引流信息；二、讨论剧情请注意剧透提示；三、尊重他人，理性讨论。',
      '活动期间，发布原创影评并获得 20 个以上点赞的用户，可获得七天 VIP 会员。',
      '如遇播放卡顿，可在播放页右上角切换线路，系统也会自动为你选择最快的线路。',
      '感谢大家一直以来的支持，有任何问题欢迎在本帖下方留言反馈。',
    ],
  },
  {
    name: '吐槽灌水',
    icon: 'mdi:coffee-outline',
    weight: 20,
    tags: ['吐槽'],
    description: '什么都能聊，开心最重要',
    titles: [
      '今天{mishap}，来这里吐槽一下',
      '你们看电影时最受不了什么？',
      '深夜睡不着，有人一起聊天吗',
      '说出你看过最烂的一部电影',
      '电影院里遇到的奇葩事',
      '周末宅家看片，晒晒你们的零食',
      '看《{movie}》看哭了，被室友笑了一晚上',
    ],
    paragraphs: [
      '{mishapStory}',
      '说真的，{rant}',
      '算了不说了，今晚继续看《{movie}》压压惊。',
      '大家有没有类似的经历？说出来让我开心一下。',
    ],
  },
];

export const FORUM_SLOTS = {
  feeling: ['后劲太大了', '哭得稀里哗啦', '说点不一样的看法', '意难平', '想聊聊那个结局', '真的被惊艳到了'],
  opinion: ['被严重低估了', '有点名不副实', '比原著还好', '后半段崩了', '是近几年最好的一部'],
  verdict: ['值得一看，但别抱太高期待', '年度最佳之一，没有之一', '前半段很好，后半段有点仓促', '演员撑起了整部片子'],
  detail: [
    '节奏把握得很好，几乎没有多余的镜头。',
    '有几处细节前后呼应，二刷才看明白。',
    '有些台词到现在还在脑子里转。',
    '朋友推荐了好几次，终于补上了，果然没让我失望。',
    '看的时候完全没想到后面会反转。',
    '摄影真的漂亮，每一帧都能当壁纸。',
  ],
  scene: ['雨夜对峙', '天台独白', '餐桌争吵', '长镜头追逐', '车站告别', '法庭陈述'],
  flaw: ['个别配角的动机交代得不够清楚', '结尾稍显仓促', '中段有点拖沓', '特效有几处比较粗糙'],
  strength: ['剧本扎实，人物立得住', '不煽情却很打动人', '氛围感拉满', '每个角色都有自己的弧光'],
  count: ['十', '十五', '二十', '三十', '五十'],
  listVerdict: ['部部精品', '没有一部烂片', '适合慢慢补', '看完一部想下一部'],
  shortReview: ['节奏紧凑，结局反转', '温暖治愈，适合一个人看', '演技炸裂', '画面美到窒息', '笑中带泪', '越看越上头'],
  decade: ['八十', '九十', '两千', '一零'],
  occasion: ['周末', '深夜', '和家人一起', '情侣', '下饭时', '春节', '暑假'],
  want: ['大哭一场', '笑出声', '重新振作', '脊背发凉', '想去旅行'],
  taste: ['悬疑和犯罪', '温情治愈', '硬核科幻', '港式动作', '文艺慢节奏'],
  year: ['2025', '2026'],
  mishap: ['加班到十一点', '地铁坐过站三站', '外卖被人拿错了', '手机屏幕摔碎了', '被剧透了结局'],
  mishapStory: [
    '下班路上一直在期待晚上看新片，结果刚打开就被群里的人剧透了结局，气得我直接关了电脑。',
    '在电影院看到最关键的时候，后排有人开始打电话，还开着免提，整个影厅都听见了。',
    '和朋友约好一起看片，零食饮料都准备好了，他临时说要加班，只好一个人看完。',
  ],
  rant: [
    '现在的预告片剪得比正片还精彩，看完正片总有种被骗的感觉。',
    '有些片子明明可以九十分钟讲完，非要拖到三个小时。',
    '看电影最怕旁边的人一直问“这个人是谁”。',
    '追了那么久的续集，结果烂尾了，心累。',
  ],
};

/** Replies under topics and posts; a few name a movie. */
export const REPLIES = [
  '同意楼主，{detailShort}',
  'mark一下，周末看',
  '《{movie}》确实不错，推荐给大家',
  '前排围观',
  '感谢分享！已收藏',
  '楼主好人一生平安',
  '+1，我也是这么觉得的',
  '这部我看了三遍，每次都有新发现',
  '不太同意，我觉得{counter}',
  '求片源，站内搜不到啊',
  '已经在看了，谢谢推荐',
  '哈哈哈哈笑死我了',
  '说得太好了，顶一个',
  '有同感，特别是结尾那段',
  '楼主的品味和我好像',
  '看完来还愿，果然好看',
  '我觉得被高估了，不过见仁见智',
  '刚看完，后劲好大',
  '插眼，等更新',
  '可以可以，又多了一部想看的',
  '沙发！',
  '这个帖子必须顶上去',
  '补充一部：《{movie}》，同样很好看',
  '字幕组辛苦了',
  '看标题就知道是同道中人',
  '请问哪条线路比较快？我这边有点卡',
  '已阅，楼主继续更新',
  '看到最后一段我也哭了',
] as const;

export const REPLY_SLOTS = {
  detailShort: ['细节太多了', '演员选得太好了', '配乐加分不少', '节奏真的没话说'],
  counter: ['前半段有点拖', '主角的动机有点牵强', '结局处理得太仓促', '配角比主角更出彩'],
};
